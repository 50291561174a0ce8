import { createFileRoute } from '@tanstack/react-router'
import { StaffPage } from '~/features/ops-staff/staff-page'
import { staffListQuery } from '~/features/ops-staff/ops-staff.queries'
import { loadPageData } from '~/upstream/load-page-data'

export const Route = createFileRoute('/$locale/_staff/ops/staff')({
  loader: ({ context, location }) => (context.staff ? loadPageData(context.queryClient, staffListQuery, location) : undefined),
  component: StaffPage,
})
