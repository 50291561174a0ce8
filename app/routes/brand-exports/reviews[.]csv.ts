import { createFileRoute } from '@tanstack/react-router'

/** One of the brand's campaigns' published reviews as CSV (`?campaign=<id>`), for the brand's users. Anyone else, or another brand's campaign: 404. */
export const Route = createFileRoute('/brand-exports/reviews.csv')({
  server: {
    handlers: {
      // Loaded here: the route module is part of the browser's route tree, the export is not.
      GET: async ({ request }) => (await import('~/upstream/console-export.server')).campaignReviewsExportResponse('csv', request, 'brand'),
    },
  },
})
