import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, Outlet, redirect } from '@tanstack/react-router'
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

const TABS = ['campaigns', 'shipments', 'missions', 'rewards', 'referrals', 'profile']

function MemberLayout() {
  const { data } = useSuspenseQuery(infoQuery)
  return (
    <>
      <header>
        <Link to="/member">Tester portal</Link>
        <nav aria-label="Account">
          <ul>
            {TABS.map((tab) => (
              <li key={tab}>
                <Link to="/member" hash={tab}>
                  {tab}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p>
          {data.member.displayName}: {data.member.pointsBalance} points
        </p>
      </header>
      <Outlet />
      <footer>
        <p>Tester portal</p>
      </footer>
    </>
  )
}
