import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, Outlet, redirect } from '@tanstack/react-router'
import { LifeBuoy, LogOut, Menu, UserRound } from 'lucide-react'
import { infoQuery, viewerQuery } from '../data'

/** The portal's guard: signed in, then a saved address (from the member info the header shows). */
export const Route = createFileRoute('/_member')({
  beforeLoad: async ({ context }) => {
    const viewer = await context.queryClient.ensureQueryData(viewerQuery)
    if (!viewer.signedIn) throw redirect({ to: '/', statusCode: 302 })
    const info = await context.queryClient.ensureQueryData(infoQuery)
    if (!info.address) throw redirect({ to: '/', statusCode: 302 })
  },
  headers: () => ({ 'Cache-Control': 'private, no-store' }),
  component: MemberLayout,
})

// The portal's markup around a member page, in plain JSX: the same elements and classes, so that the
// anchor renders as much as the portal does, without the portal's translations or components.
const NAV = [
  ['Ready to test', 'ready-to-test'],
  ['My campaigns', 'campaigns'],
  ['Missions', 'missions'],
  ['My account', 'profile'],
] as const
const FOOTER_NAV = [
  ['Community', ['How it works', 'About us', 'Reviews']],
  ['Help and legal', ['Support', 'Contact', 'Legal']],
] as const
const NAV_LINK = 'rounded-md px-3 py-2 font-medium whitespace-nowrap hover:bg-black/5'
const BUTTON =
  'relative inline-flex items-center gap-2 overflow-hidden rounded-lg font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 aria-busy:cursor-progress focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus-ring px-3 py-1.5 text-sm flex-row justify-center'

function Mark() {
  return (
    <span className="inline-flex items-center gap-2 text-lg font-extrabold tracking-tight text-white">
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <circle cx="16" cy="16" r="15" className="fill-white" />
        <path d="M9 16.5l4.5 4.5L23 11.5" fill="none" strokeWidth="3.2" strokeLinecap="round" strokeLinejoin="round" className="stroke-toga" />
      </svg>
      <span>Testers Circle</span>
    </span>
  )
}

function MemberLayout() {
  const { data } = useSuspenseQuery(infoQuery)
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:rounded-md focus:bg-white focus:px-4 focus:py-2">
        Skip to main content
      </a>
      <header className="sticky top-0 z-menu border-b on-dark border-transparent bg-authentic text-white">
        <div className="mx-auto flex h-[calc(var(--header-height)-1px)] max-w-6xl items-center gap-4 px-4">
          <Link to="/member" aria-label="Testers Circle home" className="shrink-0">
            <Mark />
          </Link>
          <nav aria-label="Main" className="ml-4 hidden items-center gap-1 xl:flex">
            {NAV.map(([label, hash]) => (
              <Link key={hash} to="/member" hash={hash} className={NAV_LINK}>
                {label}
              </Link>
            ))}
          </nav>
          <div className="ml-auto hidden items-center gap-2 whitespace-nowrap xl:flex">
            <Link to="/member" hash="support" className="inline-flex items-center gap-1.5 rounded-md px-3 py-2 font-medium hover:bg-black/5">
              <LifeBuoy className="size-4" aria-hidden="true" />
              <span className="sr-only 2xl:not-sr-only">Support</span>
            </Link>
            <Link to="/member" hash="profile" className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 font-semibold hover:bg-black/5">
              <UserRound className="size-4" aria-hidden="true" />
              <span className="max-w-40 truncate" title={data.member.displayName}>
                {data.member.displayName}
              </span>
            </Link>
            <Link to="/member" hash="missions" className="rounded-full bg-petal px-3 py-1 text-sm font-bold text-toga-dark">
              {`${data.member.pointsBalance} points`}
            </Link>
            <button type="button" className={`${BUTTON} text-white hover:bg-white/10`}>
              <LogOut className="size-4" aria-hidden="true" />
              <span>Sign out</span>
            </button>
          </div>
          <button type="button" className="ml-auto rounded-md p-2 hover:bg-black/10 xl:hidden" aria-expanded={false} aria-label="Open menu">
            <Menu className="size-6" aria-hidden="true" />
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <footer className="on-dark border-t border-line bg-authentic text-white">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
          <div>
            <Mark />
            <p className="mt-3 max-w-xs text-sm text-white/85">A community of everyday people who test new products at home and share honest reviews.</p>
          </div>
          {FOOTER_NAV.map(([title, links]) => (
            <nav key={title} aria-label={title}>
              <h2 className="text-sm font-bold tracking-wide uppercase">{title}</h2>
              <ul className="mt-3 space-y-2 text-sm">
                {links.map((label) => (
                  <li key={label}>
                    <Link to="/member" hash={label} className="hover:underline">
                      {label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <p className="border-t border-white/20 py-4 text-center text-xs text-white/85">
          © {new Date().getFullYear()} Testers Circle. Products are provided for free in exchange for honest reviews.
        </p>
      </footer>
    </div>
  )
}
