import { createFileRoute } from '@tanstack/react-router'
import { LegalPage } from '~/features/content/legal-page'

export const Route = createFileRoute('/$locale/_public/legal')({
  staticData: { lightHeader: true, pageBackground: true },
  component: LegalPage,
})
