import { createFileRoute } from '@tanstack/react-router'

/** One of the brand's campaigns' published reviews as JSON (`?campaign=<id>`), for the brand's users. Anyone else, or another brand's campaign: 404. */
export const Route = createFileRoute('/brand-exports/reviews.json')({
  server: {
    handlers: {
      // Loaded here: the route module is part of the browser's route tree, the export is not.
      GET: async ({ request }) => (await import('~/upstream/console-export.server')).campaignReviewsExportResponse('json', request, 'brand'),
    },
  },
})
