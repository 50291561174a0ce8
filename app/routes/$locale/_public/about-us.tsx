import { createFileRoute } from '@tanstack/react-router'
import { AboutUsPage } from '~/features/content/about-us-page'

export const Route = createFileRoute('/$locale/_public/about-us')({
  staticData: { lightHeader: true, pageBackground: true },
  component: AboutUsPage,
})
