import type { ReactNode } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { LifeBuoy, LogOut, Menu, UserRound, X } from 'lucide-react'
import { lazy, Suspense, useRef, useState } from 'react'
import type { MemberInfo } from '#contract/members'
import { viewerQuery, type Viewer } from '~/auth/viewer'
import { Button } from '~/components/ui/button'
import { cn } from '~/lib/cn'
import { CookieSettingsButton } from '~/features/consent/cookie-settings-button'
import { BrandMark } from './brand'
import { memberInfoQuery } from '~/lib/member-data/member-data.queries'
import { useLocale } from '~/lib/locale'
import { useQueryData } from '~/lib/query-data'

// The header and footer are on every page: their plain texts are translated with `t`, not `<Trans>`,
// which would render three more components for each text on every request.

function SkipLink() {
  const { t } = useLingui()
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:outline-offset-0 focus:z-tooltip focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-authentic focus:shadow-lg"
    >
      {t`Skip to main content`}
    </a>
  )
}

function NavLinks({ signedIn, onNavigate }: { signedIn: boolean; onNavigate?: () => void }) {
  const locale = useLocale()
  const { t } = useLingui()
  const linkClass = 'rounded-md px-3 py-2 font-medium whitespace-nowrap hover:bg-black/5'
  const activeProps = { className: 'underline underline-offset-8 decoration-2', 'aria-current': 'page' as const }
  if (signedIn) {
    return (
      <>
        <Link to="/$locale/ready-to-test" params={{ locale }} className={linkClass} activeProps={activeProps} onClick={onNavigate}>
          {t`Ready to test`}
        </Link>
        <Link to="/$locale/member/campaigns" params={{ locale }} className={linkClass} activeProps={activeProps} onClick={onNavigate}>
          {t`My campaigns`}
        </Link>
        <Link to="/$locale/member/missions" params={{ locale }} className={linkClass} activeProps={activeProps} onClick={onNavigate}>
          {t`Missions`}
        </Link>
        <Link to="/$locale/member/profile" params={{ locale }} className={linkClass} activeProps={activeProps} onClick={onNavigate}>
          {t`My account`}
        </Link>
      </>
    )
  }
  return (
    <>
      <Link to="/$locale/campaign-details" params={{ locale }} className={linkClass} activeProps={activeProps} onClick={onNavigate}>
        {t`Campaigns`}
      </Link>
      <Link to="/$locale/reviews" params={{ locale }} className={linkClass} activeProps={activeProps} onClick={onNavigate}>
        {t`Reviews`}
      </Link>
      <Link to="/$locale/how-it-works" params={{ locale }} className={linkClass} activeProps={activeProps} onClick={onNavigate}>
        {t`How it works`}
      </Link>
      <Link to="/$locale/about-us" params={{ locale }} className={linkClass} activeProps={activeProps} onClick={onNavigate}>
        {t`About us`}
      </Link>
    </>
  )
}

/** Signs out (Firebase's SDK comes only now) and goes to the home page: the header's, and the console's. */
export function SignOutButton({ inverted, align, onDone }: { inverted: boolean; align?: 'center' | 'start'; onDone?: () => void }) {
  const locale = useLocale()
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  return (
    <Button
      size="small"
      severity={inverted ? 'light' : 'secondary'}
      variant="text"
      align={align}
      loading={busy}
      icon={<LogOut className="size-4" aria-hidden="true" />}
      onClick={async () => {
        setBusy(true)
        // The account actions (and Firebase behind them) load when a member acts, not with every page.
        const { signOut } = await import('~/auth/account-actions')
        await signOut(queryClient)
        onDone?.()
        await navigate({ to: '/$locale', params: { locale } })
      }}
    >
      {t`Sign out`}
    </Button>
  )
}

function Header({ light, viewer, memberInfo }: { light: boolean; viewer: Viewer | undefined; memberInfo: MemberInfo | undefined }) {
  const locale = useLocale()
  const { t } = useLingui()
  const signedIn = viewer?.signedIn === true
  const memberName = memberInfo?.member.displayName ?? (viewer?.signedIn ? (viewer.displayName ?? viewer.email ?? '') : '')
  const points = memberInfo?.member.pointsBalance
  const [menuOpen, setMenuOpen] = useState(false)
  const menuToggle = useRef<HTMLButtonElement>(null)

  return (
    // data-sticky-header: the page keeps --header-height of room above what takes focus (app.css).
    // The header listens to focus and keys moving within it (the phone menu); it is not a control itself.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <header
      data-sticky-header=""
      className={cn('sticky top-0 z-menu border-b', light ? 'border-line bg-white text-ink' : 'on-dark border-transparent bg-authentic text-white')}
      // The phone menu makes the sticky header taller than the page's scroll padding allows for: it
      // closes once focus moves on into the page, and Escape closes it with focus back on its button.
      onBlur={(event) => {
        if (menuOpen && event.relatedTarget instanceof Node && !event.currentTarget.contains(event.relatedTarget)) setMenuOpen(false)
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !menuOpen) return
        setMenuOpen(false)
        menuToggle.current?.focus()
      }}
    >
      {/* The row is the header's height less its 1px bottom border: --header-height is the one measure. */}
      <div className="mx-auto flex h-[calc(var(--header-height)-1px)] max-w-6xl items-center gap-4 px-4">
        <Link to="/$locale" params={{ locale }} aria-label={t`Testers Circle home`} className="shrink-0">
          <BrandMark inverted={!light} />
        </Link>
        <nav aria-label={t`Main`} className="ml-4 hidden items-center gap-1 xl:flex">
          <NavLinks signedIn={signedIn} />
        </nav>
        <div className="ml-auto hidden items-center gap-2 whitespace-nowrap xl:flex">
          <Link to="/$locale/support" params={{ locale }} className="inline-flex items-center gap-1.5 rounded-md px-3 py-2 font-medium hover:bg-black/5">
            <LifeBuoy className="size-4" aria-hidden="true" />
            {/* An icon with its name for screen readers until the header has room for the word. */}
            <span className={signedIn ? 'sr-only 2xl:not-sr-only' : undefined}>{t`Support`}</span>
          </Link>
          {signedIn && (
            <>
              <Link
                to="/$locale/member/profile"
                params={{ locale }}
                className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 font-semibold hover:bg-black/5"
              >
                <UserRound className="size-4" aria-hidden="true" />
                <span data-testid="member-name" className="max-w-40 truncate" title={memberName}>
                  {memberName}
                </span>
              </Link>
              {points !== undefined && (
                <Link
                  to="/$locale/member/missions"
                  params={{ locale }}
                  className="rounded-full bg-petal px-3 py-1 text-sm font-bold text-toga-dark"
                  data-testid="points-balance"
                >
                  {t`${points} points`}
                </Link>
              )}
              <SignOutButton inverted={!light} />
            </>
          )}
          {!signedIn && (
            <>
              <Button asChild size="small" severity={light ? 'secondary' : 'light'} variant={light ? 'solid' : 'outlined'}>
                <Link to="/$locale/user/login" params={{ locale }}>
                  {t`Sign in`}
                </Link>
              </Button>
              <Button asChild size="small">
                <Link to="/$locale/user/register" params={{ locale }}>
                  {t`Join for free`}
                </Link>
              </Button>
            </>
          )}
        </div>
        <button
          ref={menuToggle}
          type="button"
          className="ml-auto rounded-md p-2 hover:bg-black/10 xl:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? t`Close menu` : t`Open menu`}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
        </button>
      </div>
      {menuOpen && (
        <nav id="mobile-menu" aria-label={t`Main`} className="flex flex-col gap-1 border-t border-white/20 px-4 pb-4 xl:hidden">
          <NavLinks signedIn={signedIn} onNavigate={() => setMenuOpen(false)} />
          <Link to="/$locale/support" params={{ locale }} className="rounded-md px-3 py-2 font-medium" onClick={() => setMenuOpen(false)}>
            {t`Support`}
          </Link>
          {signedIn && (
            <p className="flex items-center gap-2 px-3 py-2 font-semibold">
              <UserRound className="size-4" aria-hidden="true" />
              {memberName}
              {points !== undefined && <span className="rounded-full bg-petal px-3 py-0.5 text-sm font-bold text-toga-dark">{t`${points} points`}</span>}
            </p>
          )}
          {signedIn && <SignOutButton inverted={!light} align="start" onDone={() => setMenuOpen(false)} />}
          {!signedIn && (
            <>
              <Link to="/$locale/user/login" params={{ locale }} className="rounded-md px-3 py-2 font-medium" onClick={() => setMenuOpen(false)}>
                {t`Sign in`}
              </Link>
              <Link to="/$locale/user/register" params={{ locale }} className="rounded-md px-3 py-2 font-medium" onClick={() => setMenuOpen(false)}>
                {t`Join for free`}
              </Link>
            </>
          )}
        </nav>
      )}
    </header>
  )
}

function Footer() {
  const locale = useLocale()
  const { t } = useLingui()
  const linkClass = 'hover:underline'
  return (
    <footer className="on-dark render-when-near border-t [--near-height:44rem] sm:[--near-height:24rem] border-line bg-authentic text-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <BrandMark inverted />
          <p className="mt-3 max-w-xs text-sm text-white/85">{t`A community of everyday people who test new products at home and share honest reviews.`}</p>
        </div>
        <nav aria-label={t`Community`}>
          <h2 className="text-sm font-bold tracking-wide uppercase">{t`Community`}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <Link to="/$locale/how-it-works" params={{ locale }} className={linkClass}>
                {t`How it works`}
              </Link>
            </li>
            <li>
              <Link to="/$locale/about-us" params={{ locale }} className={linkClass}>
                {t`About us`}
              </Link>
            </li>
            <li>
              <Link to="/$locale/reviews" params={{ locale }} className={linkClass}>
                {t`Reviews`}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={t`Help and legal`}>
          <h2 className="text-sm font-bold tracking-wide uppercase">{t`Help and legal`}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <Link to="/$locale/support" params={{ locale }} className={linkClass}>
                {t`Support`}
              </Link>
            </li>
            <li>
              <Link to="/$locale/contact" params={{ locale }} className={linkClass}>
                {t`Contact`}
              </Link>
            </li>
            <li>
              <Link to="/$locale/legal" params={{ locale }} className={linkClass}>
                {t`Legal`}
              </Link>
            </li>
            <li>
              <CookieSettingsButton className="hover:underline" />
            </li>
          </ul>
        </nav>
      </div>
      <p className="border-t border-white/20 py-4 text-center text-xs text-white/85">
        {t`© ${new Date().getFullYear()} Testers Circle. Products are provided for free in exchange for honest reviews.`}
      </p>
    </footer>
  )
}

// Only a suspended member sees the banner: its code is fetched when there is one to show, not by every visitor.
const SuspensionBanner = lazy(() => import('~/components/member/suspension-banner').then((module) => ({ default: module.SuspensionBanner })))

/**
 * The default layout: skip link, header, the page, footer; above the page, a suspended member's
 * banner while the suspension is in force. Who is looking and the member's info are read once here,
 * for the header and the banner alike.
 */
export function DefaultLayout({ children, lightHeader, pageBackground }: { children: ReactNode; lightHeader: boolean; pageBackground: boolean }) {
  const viewer = useQueryData(viewerQuery)
  const memberInfo = useQueryData({ ...memberInfoQuery, enabled: viewer?.signedIn === true })
  return (
    <div
      className={cn('flex min-h-screen flex-col', pageBackground ? 'bg-petal' : 'bg-white')}
      data-light-header={lightHeader || undefined}
      data-page-background={pageBackground || undefined}
    >
      <SkipLink />
      <Header light={lightHeader} viewer={viewer} memberInfo={memberInfo} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {memberInfo?.suspension && (
          <Suspense fallback={null}>
            <SuspensionBanner suspension={memberInfo.suspension} />
          </Suspense>
        )}
        {children}
      </main>
      <Footer />
    </div>
  )
}
