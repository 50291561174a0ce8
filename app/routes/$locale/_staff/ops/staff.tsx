import { createFileRoute } from '@tanstack/react-router'
import { StaffPage } from '~/features/ops-staff/staff-page'

export const Route = createFileRoute('/$locale/_staff/ops/staff')({
  loader: async ({ context, location }) => {
    if (!context.staff) return
    const { loadStaffList } = await import('~/features/ops-staff/staff-loader')
    await loadStaffList(context.queryClient, location)
  },
  component: StaffPage,
})
