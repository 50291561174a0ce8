import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { StaffPage } from '~/features/ops-staff/staff-page'
import { consoleHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_staff/ops/staff')({
  head: () => consoleHead(msg`Staff and roles`),
  staticData: { consolePage: { capability: 'staff:manage', menu: { label: msg`Staff and roles`, order: 2 } } },
  loader: async ({ context, location }) => {
    if (!context.mayOpen) return
    const { loadStaffList } = await import('~/features/ops-staff/staff-loader')
    await loadStaffList(context.queryClient, location)
  },
  component: StaffPage,
})
