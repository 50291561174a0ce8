import { createFileRoute, notFound } from '@tanstack/react-router'
import { NOT_INDEXED, notFoundHead } from '~/lib/page-head'

/** `/404` renders the not-found page with HTTP status 404. */
export const Route = createFileRoute('/404')({
  head: notFoundHead,
  headers: () => NOT_INDEXED,
  loader: () => {
    throw notFound()
  },
})
