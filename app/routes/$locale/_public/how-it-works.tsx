import { createFileRoute } from '@tanstack/react-router'
import { HowItWorksPage } from '~/features/content/how-it-works-page'
import { msg } from '@lingui/core/macro'
import { publicPageHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_public/how-it-works')({
  head: ({ match }) =>
    publicPageHead(match.context.queryClient, {
      title: msg`How it works`,
      description: msg`How testing works at Testers Circle: apply for a free product, test it at home, share an honest review, and earn points for rewards.`,
      canonicalPath: '/en/how-it-works',
    }),
  staticData: { lightHeader: true, pageBackground: true },
  component: HowItWorksPage,
})
