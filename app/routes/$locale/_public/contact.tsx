import { createFileRoute } from '@tanstack/react-router'
import { ContactPage } from '~/features/content/contact-page'
import { msg } from '@lingui/core/macro'
import { pageHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_public/contact')({
  head: () => pageHead(msg`Contact`),
  staticData: { lightHeader: true },
  component: ContactPage,
})
