import { createFileRoute } from '@tanstack/react-router'

/** The signed-in member's own review photos (the previews in the review form); another member's photo, or no session, is a 404. */
export const Route = createFileRoute('/images/my-review-photos/$id/$size')({
  server: {
    handlers: {
      // Loaded here: the route module is part of the browser's route tree, the session check and the member API call are not.
      GET: async ({ params, request }) => (await import('~/upstream/photo-file.server')).photoFileResponse('own', params, request),
    },
  },
})
