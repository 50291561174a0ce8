import { createFileRoute } from '@tanstack/react-router'
import { HowItWorksPage } from '~/features/content/how-it-works-page'

export const Route = createFileRoute('/$locale/_public/how-it-works')({
  staticData: { lightHeader: true, pageBackground: true },
  component: HowItWorksPage,
})
