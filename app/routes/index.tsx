import { createFileRoute } from '@tanstack/react-router'
import { HomePage } from '~/features/content/home-page'

/** `/` shows the home page itself (spec section 2), not a redirect to /en. */
export const Route = createFileRoute('/')({
  component: HomePage,
})
