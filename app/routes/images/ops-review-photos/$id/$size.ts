import { createFileRoute } from '@tanstack/react-router'

/**
 * A review's photo for the moderators, before the review is published: the member API checks the
 * reviews:moderate capability; anyone else gets a 404.
 */
export const Route = createFileRoute('/images/ops-review-photos/$id/$size')({
  server: {
    handlers: {
      // Loaded here: the route module is part of the browser's route tree, the session check and the member API call are not.
      GET: async ({ params, request }) => (await import('~/upstream/photo-file.server')).photoFileResponse('moderation', params, request),
    },
  },
})
