import { createFileRoute } from '@tanstack/react-router'
import { ContactPage } from '~/features/content/contact-page'
import { msg } from '@lingui/core/macro'
import { publicPageHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_public/contact')({
  head: ({ match }) =>
    publicPageHead(match.context.queryClient, {
      title: msg`Contact`,
      description: msg`How to reach Testers Circle: members with a question about a test, brands that would like to run a campaign, and the press.`,
      canonicalPath: '/en/contact',
    }),
  staticData: { lightHeader: true },
  component: ContactPage,
})
