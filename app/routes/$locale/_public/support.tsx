import { createFileRoute } from '@tanstack/react-router'
import { SupportPage } from '~/features/content/support-page'
import { msg } from '@lingui/core/macro'
import { publicPageHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_public/support')({
  head: ({ match }) =>
    publicPageHead(match.context.queryClient, {
      title: msg`Support`,
      description: msg`Answers to the questions members ask most: applying for a test, shipping, writing a review, points and rewards.`,
      canonicalPath: '/en/support',
    }),
  staticData: { lightHeader: true, pageBackground: true },
  component: SupportPage,
})
