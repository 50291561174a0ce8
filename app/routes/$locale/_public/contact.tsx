import { createFileRoute } from '@tanstack/react-router'
import { ContactPage } from '~/features/content/contact-page'

export const Route = createFileRoute('/$locale/_public/contact')({
  staticData: { lightHeader: true },
  component: ContactPage,
})
