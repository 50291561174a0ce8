import { createFileRoute } from '@tanstack/react-router'

/**
 * The pending parcels as CSV for the fulfilment partner (optionally of one campaign, by its address
 * name), for a staff person whose roles grant shipments:manage. Anyone else: 404.
 */
export const Route = createFileRoute('/ops-exports/pending-shipments.csv')({
  server: {
    handlers: {
      // Loaded here: the route module is part of the browser's route tree, the export is not.
      GET: async ({ request }) => (await import('~/upstream/console-export.server')).consoleExportResponse('pending-shipments', request),
    },
  },
})
