import { createFileRoute } from '@tanstack/react-router'
import { homeHead } from '~/lib/page-head'
import { Home } from '~/pages/home'

/** `/` shows the home page itself, not a redirect to the default locale's address. */
export const Route = createFileRoute('/')({
  head: ({ match }) => homeHead(match.context.queryClient),
  component: Home,
})
