import { createFileRoute } from '@tanstack/react-router'
import { HowItWorksPage } from '~/features/content/how-it-works-page'
import { msg } from '@lingui/core/macro'
import { pageHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_public/how-it-works')({
  head: () => pageHead(msg`How it works`),
  staticData: { lightHeader: true, pageBackground: true },
  component: HowItWorksPage,
})
