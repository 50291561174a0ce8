import { createFileRoute } from '@tanstack/react-router'

/** A campaign's published reviews as CSV (`?campaign=<id>`), for a staff person whose roles grant campaigns:edit. Anyone else: 404. */
export const Route = createFileRoute('/ops-exports/reviews.csv')({
  server: {
    handlers: {
      // Loaded here: the route module is part of the browser's route tree, the export is not.
      GET: async ({ request }) => (await import('~/upstream/console-export.server')).campaignReviewsExportResponse('csv', request),
    },
  },
})
