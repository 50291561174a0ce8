import { createFileRoute } from '@tanstack/react-router'
import { SupportPage } from '~/features/content/support-page'

export const Route = createFileRoute('/$locale/_public/support')({
  staticData: { lightHeader: true, pageBackground: true },
  component: SupportPage,
})
