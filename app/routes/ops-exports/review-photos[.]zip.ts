import { createFileRoute } from '@tanstack/react-router'

/** The photos of a campaign's published reviews as one ZIP file (`?campaign=<id>`), for a staff person whose roles grant campaigns:edit. Anyone else: 404. */
export const Route = createFileRoute('/ops-exports/review-photos.zip')({
  server: {
    handlers: {
      // Loaded here: the route module is part of the browser's route tree, the export is not.
      GET: async ({ request }) => (await import('~/upstream/console-export.server')).campaignReviewsExportResponse('zip', request),
    },
  },
})
