import { useLingui } from '@lingui/react/macro'
import { ChevronDown } from 'lucide-react'
import type { ReactNode } from 'react'
import { AccountNav } from './account-nav'

/**
 * The frame of every "My account" page: the list of account pages beside the page (folded behind
 * a disclosure on narrow screens, so the page's own content comes first), then its title, the
 * sentence saying what it is for, and its content.
 */
export function AccountPage({ title, intro, children }: { title: string; intro: string; children?: ReactNode }) {
  const { t } = useLingui()
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10 md:grid-cols-[15rem_minmax(0,1fr)]">
      <aside className="md:sticky md:top-24 md:self-start">
        <details className="group rounded-lg border border-[#d5dbe5] bg-white md:hidden">
          <summary className="flex cursor-pointer items-center justify-between px-4 py-3 font-semibold text-authentic">
            {t`All account pages`}
            <ChevronDown aria-hidden className="size-4 transition-transform group-open:rotate-180" />
          </summary>
          <div className="border-t border-[#d5dbe5] p-2">
            <AccountNav />
          </div>
        </details>
        <div className="hidden md:block">
          <AccountNav />
        </div>
      </aside>
      <div className="min-w-0">
        <h1 className="text-3xl font-bold text-authentic">{title}</h1>
        <p className="mt-2 max-w-2xl text-muted">{intro}</p>
        {children && <div className="mt-8">{children}</div>}
      </div>
    </div>
  )
}
