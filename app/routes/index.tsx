import { createFileRoute } from '@tanstack/react-router'
import { siteHead } from '~/lib/page-head'
import { Home } from '~/pages/home'

/** `/` shows the home page itself, not a redirect to the default locale's address. */
export const Route = createFileRoute('/')({
  head: siteHead,
  component: Home,
})
