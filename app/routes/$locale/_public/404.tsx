import { createFileRoute, notFound } from '@tanstack/react-router'
import { notFoundHead, NOT_INDEXED } from '~/lib/page-head'

/** `/{locale}/404` renders the not-found page with HTTP status 404. */
export const Route = createFileRoute('/$locale/_public/404')({
  headers: () => NOT_INDEXED,
  head: notFoundHead,
  loader: () => {
    throw notFound()
  },
})
