import { createFileRoute } from '@tanstack/react-router'
import { SupportPage } from '~/features/content/support-page'
import { msg } from '@lingui/core/macro'
import { pageHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_public/support')({
  head: () => pageHead(msg`Support`),
  staticData: { lightHeader: true, pageBackground: true },
  component: SupportPage,
})
