// Review photos: the member's uploads, previews and removals, and the photos of published reviews.
import type { Context } from 'hono'
import { ENDPOINTS } from '../../contract/endpoints'
import { PHOTO_MAX_BYTES } from '../../contract/review-photos'
import type { SuiteDeps } from '../deps'
import { currentMember } from '../http/auth'
import type { RegisterRoute } from '../http/endpoint'
import { readUpload } from '../http/upload'
import { deleteReviewPhoto, memberPhotoFile, photoTooLarge, publishedPhotoFile, uploadReviewPhoto } from '../services/review-photos'

/** A stored photo: always a JPEG the member API encoded itself, so its type is known and fixed. */
function jpeg(c: Context, bytes: Uint8Array, cacheControl: string): Response {
  c.header('Content-Type', 'image/jpeg')
  c.header('Cache-Control', cacheControl)
  c.header('Content-Security-Policy', "default-src 'none'")
  return c.body(new Uint8Array(bytes))
}

export function registerReviewPhotoRoutes(route: RegisterRoute, deps: SuiteDeps) {
  route(ENDPOINTS.uploadReviewPhoto, async (c, { query }) => {
    const bytes = await readUpload(c, PHOTO_MAX_BYTES, photoTooLarge)
    const photo = await uploadReviewPhoto(deps, currentMember(c), query.participationId, bytes)
    c.status(201)
    return photo
  })
  route(ENDPOINTS.deleteReviewPhoto, async (c, { params }) => {
    await deleteReviewPhoto(deps, currentMember(c), params.id)
    return { deleted: true as const }
  })
  // The member's own photos, in the browser's cache only.
  route(ENDPOINTS.reviewPhotoFile, async (c, { params }) =>
    jpeg(c, await memberPhotoFile(deps, currentMember(c), params.id, params.size), 'private, max-age=600'),
  )
  // A published review's photo; a cache may keep it briefly (an account deletion removes it).
  route(ENDPOINTS.publicReviewPhoto, async (c, { params }) => jpeg(c, await publishedPhotoFile(deps, params.id, params.size), 'public, max-age=300'))
}
