import { createFileRoute } from '@tanstack/react-router'
import { MyDataSummary } from '~/features/member/my-data'
import { myDataQuery } from '~/features/member/member.queries'
import { loadPageData } from '~/upstream/load-page-data'
import { msg } from '@lingui/core/macro'
import { pageHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_signedIn/member/download-data/profile-pdf')({
  head: () => pageHead(msg`My profile as a PDF`),
  staticData: { layout: 'pdf-layout' },
  loader: ({ context, location }) => loadPageData(context.queryClient, myDataQuery, location),
  component: MyDataSummary,
})
