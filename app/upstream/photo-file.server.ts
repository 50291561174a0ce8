// Review photos the browser loads from the portal, proxied from the member API with the signed-in
// person's credential: their own (the review form's previews) or, for moderators, a review's
// before it is published. Whoever the member API refuses gets a 404, never a hint why; a request
// another site started, a 403 before the session is read (crossSiteRefusal).
import { ENDPOINTS } from '#contract/endpoints'
import { isPhotoAddress } from '~/components/catalogue/review-photo-src'
import { memberFromRequest } from '~/auth/member.server'
import { crossSiteRefusal } from '~/server/cross-site'
import { callEndpoint } from './suite-client.server'

/** How long the portal waits for a photo from the member API. */
const PHOTO_TIMEOUT_MS = 10_000

const SOURCES = { own: ENDPOINTS.reviewPhotoFile, moderation: ENDPOINTS.opsReviewPhoto } as const

export async function photoFileResponse(source: keyof typeof SOURCES, params: { id: string; size: string }, request: Request): Promise<Response> {
  const crossSite = crossSiteRefusal(request)
  if (crossSite) return crossSite
  const notFound = () => new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } })
  if (!isPhotoAddress(params.id, params.size)) return notFound()
  const member = await memberFromRequest()
  if (!member) return notFound()
  const result = await callEndpoint(SOURCES[source], { member, params: { id: params.id, size: params.size }, timeoutMs: PHOTO_TIMEOUT_MS })
  if (!result.ok) {
    const missing = ['not-found', 'forbidden', 'unauthenticated'].includes(result.failure.kind)
    return missing ? notFound() : new Response('Photo unavailable', { status: 502, headers: { 'Cache-Control': 'no-store' } })
  }
  return new Response(Buffer.from(result.data, 'base64'), {
    status: 200,
    headers: {
      'Content-Type': 'image/jpeg',
      // This person's browser only: never a shared cache.
      'Cache-Control': 'private, max-age=600',
      'Content-Security-Policy': "default-src 'none'",
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
