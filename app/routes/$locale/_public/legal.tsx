import { createFileRoute } from '@tanstack/react-router'
import { LegalPage } from '~/features/content/legal-page'
import { msg } from '@lingui/core/macro'
import { pageHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_public/legal')({
  head: () => pageHead(msg`Terms of use and privacy`),
  staticData: { lightHeader: true, pageBackground: true },
  component: LegalPage,
})
