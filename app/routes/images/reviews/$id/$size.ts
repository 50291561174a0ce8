import { createFileRoute } from '@tanstack/react-router'
import { isPhotoAddress } from '~/components/catalogue/review-photo-src'

/** How long the portal waits for a photo from the member API. */
const PHOTO_TIMEOUT_MS = 10_000

/**
 * Photos of published reviews, proxied from the member API, which answers only for a published
 * review's photo. The file is a JPEG the member API encoded itself, without metadata.
 */
export const Route = createFileRoute('/images/reviews/$id/$size')({
  server: {
    handlers: {
      GET: async ({ params }) => {
        if (!isPhotoAddress(params.id, params.size)) return new Response('Not found', { status: 404 })
        // Loaded here: the route module is part of the browser's route tree, the member API call is not.
        const [{ callEndpoint }, { ENDPOINTS }] = await Promise.all([import('~/upstream/suite-client.server'), import('#contract/endpoints')])
        const result = await callEndpoint(ENDPOINTS.publicReviewPhoto, { params: { id: params.id, size: params.size }, timeoutMs: PHOTO_TIMEOUT_MS })
        if (!result.ok) {
          const missing = result.failure.kind === 'not-found' || result.failure.kind === 'forbidden'
          return new Response(missing ? 'Not found' : 'Photo unavailable', { status: missing ? 404 : 502, headers: { 'Cache-Control': 'no-store' } })
        }
        return new Response(Buffer.from(result.data, 'base64'), {
          status: 200,
          headers: {
            'Content-Type': 'image/jpeg',
            // Briefly: a photo removed with its author's account must stop being served soon.
            'Cache-Control': 'public, max-age=300',
            'Content-Security-Policy': "default-src 'none'",
            'X-Content-Type-Options': 'nosniff',
          },
        })
      },
    },
  },
})
