import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { Button } from '~/components/ui/button'
import { cn } from '~/lib/cn'
import { useLocale } from '~/lib/locale'

/**
 * The opening of a public content page: a short eyebrow, the page's only <h1> and a lead paragraph.
 * Pages render inside the default layout's <main>, so this is a plain header of the page's content.
 */
export function PageHeader({
  eyebrow,
  title,
  lead,
  narrow = false,
  children,
}: {
  eyebrow: ReactNode
  title: ReactNode
  lead: ReactNode
  /** Match the narrower column of reading pages (legal, FAQ). */
  narrow?: boolean
  children?: ReactNode
}) {
  return (
    <header className={cn('mx-auto w-full px-4 pt-12 pb-8 sm:pt-16', narrow ? 'max-w-4xl' : 'max-w-6xl')}>
      <p className="text-sm font-bold tracking-wide text-toga uppercase">{eyebrow}</p>
      <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-authentic sm:text-5xl">{title}</h1>
      <p className="mt-4 max-w-2xl text-lg leading-relaxed text-ink">{lead}</p>
      {children}
    </header>
  )
}

/** A white card with a soft border; content pages stack these on the page background. */
export function ContentCard({ children, className, id, labelledBy }: { children: ReactNode; className?: string; id?: string; labelledBy?: string }) {
  return (
    <section id={id} aria-labelledby={labelledBy} className={cn('rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8', className)}>
      {children}
    </section>
  )
}

/** Body text of content pages: spacing between paragraphs, bullets for its own lists (not for lists nested in a wrapper). */
export function Prose({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        'space-y-4 leading-relaxed text-ink [&_a]:font-semibold [&_a]:text-colbolt [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-authentic [&>ol]:list-decimal [&>ol]:space-y-2 [&>ol]:pl-6 [&>ul]:list-disc [&>ul]:space-y-2 [&>ul]:pl-6',
        className,
      )}
    >
      {children}
    </div>
  )
}

/** A round icon badge; the icon is decorative and hidden from assistive technology by the caller. */
export function IconBadge({ children, tone = 'toga' }: { children: ReactNode; tone?: 'toga' | 'authentic' | 'verdin' | 'viose' | 'colbolt' }) {
  const tones = {
    toga: 'bg-petal text-toga',
    authentic: 'bg-authentic-soft text-authentic',
    verdin: 'bg-[#e4f3ec] text-verdin',
    viose: 'bg-[#eeeafa] text-viose',
    colbolt: 'bg-[#e6edfb] text-colbolt',
  } as const
  return <span className={cn('inline-flex size-12 shrink-0 items-center justify-center rounded-xl', tones[tone])}>{children}</span>
}

/** The content pages' call to action: "Join for free", and beside it one other way on. */
export function JoinActions({ next, className }: { next: 'how-it-works' | 'sign-in' | 'faq'; className?: string }) {
  const locale = useLocale()
  return (
    <div className={cn('flex flex-wrap gap-3', className)}>
      <Button asChild size="large">
        <Link to="/$locale/user/register" params={{ locale }}>
          <Trans>Join for free</Trans>
        </Link>
      </Button>
      <Button asChild size="large" severity="secondary">
        {next === 'how-it-works' ? (
          <Link to="/$locale/how-it-works" params={{ locale }}>
            <Trans>See how it works</Trans>
          </Link>
        ) : next === 'sign-in' ? (
          <Link to="/$locale/user/login" params={{ locale }}>
            <Trans>Sign in</Trans>
          </Link>
        ) : (
          <Link to="/$locale/support" params={{ locale }}>
            <Trans>Read the FAQ</Trans>
          </Link>
        )}
      </Button>
    </div>
  )
}
