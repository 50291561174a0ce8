import { createFileRoute, notFound } from '@tanstack/react-router'

/** `/404` renders the not-found page with HTTP status 404. */
export const Route = createFileRoute('/404')({
  loader: () => {
    throw notFound()
  },
})
