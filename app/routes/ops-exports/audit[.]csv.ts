import { createFileRoute } from '@tanstack/react-router'

/** The audit log as CSV, with the filters of the console's page, for a staff person whose roles grant audit:read. Anyone else: 404. */
export const Route = createFileRoute('/ops-exports/audit.csv')({
  server: {
    handlers: {
      // Loaded here: the route module is part of the browser's route tree, the export is not.
      GET: async ({ request }) => (await import('~/upstream/console-export.server')).consoleExportResponse('audit', request),
    },
  },
})
