import { createFileRoute } from '@tanstack/react-router'

/** The sitemap index: the fixed pages', the campaigns' and the reviews' sitemaps (app/server/sitemaps.server.ts). */
export const Route = createFileRoute('/sitemap.xml')({
  server: {
    handlers: {
      // Loaded here: the route module is part of the browser's route tree, the server code is not.
      GET: async () => (await import('~/server/sitemaps.server')).sitemapIndexResponse(),
    },
  },
})
