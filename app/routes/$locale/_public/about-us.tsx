import { createFileRoute } from '@tanstack/react-router'
import { AboutUsPage } from '~/features/content/about-us-page'
import { msg } from '@lingui/core/macro'
import { publicPageHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_public/about-us')({
  head: ({ match }) =>
    publicPageHead(match.context.queryClient, {
      title: msg`About us`,
      description: msg`Testers Circle is a community of everyday people who test new products for free at home and say what they really think.`,
      canonicalPath: '/en/about-us',
    }),
  staticData: { lightHeader: true, pageBackground: true },
  component: AboutUsPage,
})
