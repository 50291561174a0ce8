import { createFileRoute } from '@tanstack/react-router'
import { isPhotoAddress } from '~/components/catalogue/review-photo-src'

/** How long the portal waits for a photo from the member API. */
const PHOTO_TIMEOUT_MS = 10_000

/**
 * A review's photo for the moderators, before the review is published, proxied from the member API
 * with the staff person's credential: the member API checks the reviews:moderate capability; anyone
 * else gets a 404.
 */
export const Route = createFileRoute('/images/ops-review-photos/$id/$size')({
  server: {
    handlers: {
      GET: async ({ params }) => {
        const notFound = () => new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } })
        if (!isPhotoAddress(params.id, params.size)) return notFound()
        // Loaded here: the route module is part of the browser's route tree, the session check and the member API call are not.
        const [{ callEndpoint }, { ENDPOINTS }, { memberFromRequest }] = await Promise.all([
          import('~/upstream/suite-client.server'),
          import('#contract/endpoints'),
          import('~/auth/member.server'),
        ])
        const member = await memberFromRequest()
        if (!member) return notFound()
        const result = await callEndpoint(ENDPOINTS.opsReviewPhoto, { member, params: { id: params.id, size: params.size }, timeoutMs: PHOTO_TIMEOUT_MS })
        if (!result.ok) {
          const missing = ['not-found', 'forbidden', 'unauthenticated'].includes(result.failure.kind)
          return missing ? notFound() : new Response('Photo unavailable', { status: 502, headers: { 'Cache-Control': 'no-store' } })
        }
        return new Response(Buffer.from(result.data, 'base64'), {
          status: 200,
          headers: {
            'Content-Type': 'image/jpeg',
            // This staff person's browser only: never a shared cache.
            'Cache-Control': 'private, max-age=600',
            'Content-Security-Policy': "default-src 'none'",
            'X-Content-Type-Options': 'nosniff',
          },
        })
      },
    },
  },
})
