// Where the browser loads review photos: from the portal, which fetches them from the member API
// (browsers never reach it). Published reviews' photos are public; a member's own uploads are shown
// to that member only.
import type { PhotoSize } from '#contract/review-photos'

const PHOTO_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const SIZES: readonly string[] = ['display', 'thumb'] satisfies PhotoSize[]

/** A photo id and size as the member API names them; anything else is not asked for. */
export function isPhotoAddress(id: string, size: string): size is PhotoSize {
  return PHOTO_ID.test(id) && SIZES.includes(size)
}

/** A photo of a published review. */
export const publicReviewPhotoSrc = (id: string, size: PhotoSize) => `/images/reviews/${encodeURIComponent(id)}/${size}`

/** One of the signed-in member's own photos (the review form's previews, their review before it is published). */
export const myReviewPhotoSrc = (id: string, size: PhotoSize) => `/images/my-review-photos/${encodeURIComponent(id)}/${size}`
