import { createFileRoute } from '@tanstack/react-router'
import { Home } from '~/pages/home'

/** `/` shows the home page itself, not a redirect to the default locale's address. */
export const Route = createFileRoute('/')({
  component: Home,
})
