import { createFileRoute } from '@tanstack/react-router'
import { BUILD_ID } from '~/observability/build-version'

/** The latest-build file (build infrastructure): which build this server runs. */
export const Route = createFileRoute('/build/latest.json')({
  server: {
    handlers: {
      GET: () => Response.json({ id: BUILD_ID }, { headers: { 'Cache-Control': 'no-store' } }),
    },
  },
})
