import { createFileRoute } from '@tanstack/react-router'
import { NewsletterPage } from '~/features/ops-newsletter/newsletter-page'

export const Route = createFileRoute('/$locale/_staff/ops/newsletter')({
  loader: async ({ context, location }) => {
    if (!context.staff) return
    const { loadNewsletterList } = await import('~/features/ops-newsletter/newsletter-loader')
    await loadNewsletterList(context.queryClient, location)
  },
  component: NewsletterPage,
})
