import { createFileRoute } from '@tanstack/react-router'

/** One sitemap of the index by its file name: pages.xml, campaigns.xml, reviews-….xml (app/server/sitemaps.server.ts). */
export const Route = createFileRoute('/sitemaps/$file')({
  server: {
    handlers: {
      // Loaded here: the route module is part of the browser's route tree, the server code is not.
      GET: async ({ params }) => (await import('~/server/sitemaps.server')).sitemapResponse(params.file),
    },
  },
})
