import { createFileRoute, Outlet } from '@tanstack/react-router'
import { ConsoleShell } from '~/features/ops-console/console-shell'
import { NoAccess, NoPageAccess } from '~/features/ops-console/no-access'
import type { StaffContext } from '~/features/ops-console/staff-guard'
import { PRIVATE_PAGE } from '~/lib/page-head'

/**
 * The operator console (/en/ops/…): a visitor goes to sign in and comes back; a member without a
 * staff role sees "no access"; a staff person opening a page their roles do not include is told so
 * (each page states its capability in `staticData.consolePage`). The guard only decides what to
 * show: every console call is checked by the member API against the caller's roles.
 */
export const Route = createFileRoute('/$locale/_staff')({
  // The guard comes with the console's code, not with every page's script.
  // Its type stated: the guard reads the matched routes, whose types depend on this one.
  beforeLoad: async (args): Promise<StaffContext> => (await import('~/features/ops-console/staff-guard')).requireStaff(args),
  headers: () => PRIVATE_PAGE,
  staticData: { layout: 'blank' },
  component: StaffLayout,
})

function StaffLayout() {
  const { staff, viewer, mayOpen } = Route.useRouteContext()
  if (!staff) return <NoAccess email={viewer.email} emailVerified={viewer.emailVerified} />
  return <ConsoleShell staff={staff}>{mayOpen ? <Outlet /> : <NoPageAccess />}</ConsoleShell>
}
