import { createFileRoute } from '@tanstack/react-router'
import { LegalPage } from '~/features/content/legal-page'
import { msg } from '@lingui/core/macro'
import { publicPageHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_public/legal')({
  head: ({ match }) =>
    publicPageHead(match.context.queryClient, {
      title: msg`Terms of use and privacy`,
      description: msg`The rules of the Testers Circle community, how we handle your personal data, the cookies we use and who runs Testers Circle.`,
      canonicalPath: '/en/legal',
    }),
  staticData: { lightHeader: true, pageBackground: true },
  component: LegalPage,
})
