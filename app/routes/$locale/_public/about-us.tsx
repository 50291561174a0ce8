import { createFileRoute } from '@tanstack/react-router'
import { AboutUsPage } from '~/features/content/about-us-page'
import { msg } from '@lingui/core/macro'
import { pageHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_public/about-us')({
  head: () => pageHead(msg`About us`),
  staticData: { lightHeader: true, pageBackground: true },
  component: AboutUsPage,
})
