import { createFileRoute } from '@tanstack/react-router'

/** What crawlers may read, and where the sitemap is (app/server/sitemaps.server.ts). */
export const Route = createFileRoute('/robots.txt')({
  server: {
    handlers: {
      // Loaded here: the route module is part of the browser's route tree, the server code is not.
      GET: async () => (await import('~/server/sitemaps.server')).robotsResponse(),
    },
  },
})
