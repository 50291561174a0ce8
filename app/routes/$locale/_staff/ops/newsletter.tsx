import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { NewsletterPage } from '~/features/ops-newsletter/newsletter-page'
import { consoleHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_staff/ops/newsletter')({
  head: () => consoleHead(msg`Newsletter`),
  staticData: { consolePage: { capability: 'newsletter:send', menu: { label: msg`Newsletter`, order: 10 } } },
  loader: async ({ context, location }) => {
    if (!context.mayOpen) return
    const { loadNewsletterList } = await import('~/features/ops-newsletter/newsletter-loader')
    await loadNewsletterList(context.queryClient, location)
  },
  component: NewsletterPage,
})
