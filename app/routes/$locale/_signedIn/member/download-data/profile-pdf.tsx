import { createFileRoute } from '@tanstack/react-router'
import { MyDataSummary } from '~/features/member/my-data'
import { myDataQuery } from '~/features/member/member.queries'
import { loadPageData } from '~/upstream/load-page-data'

export const Route = createFileRoute('/$locale/_signedIn/member/download-data/profile-pdf')({
  staticData: { layout: 'pdf-layout' },
  loader: ({ context, location }) => loadPageData(context.queryClient, myDataQuery, location),
  component: MyDataSummary,
})
