// Where the browser loads review photos: from the portal, which fetches them from the member API
// (browsers never reach it). Published reviews' photos are public; a member's own uploads are shown
// to that member only.
import { isUuid } from '#contract/common'
import { PHOTO_SIZES, type PhotoSize } from '#contract/review-photos'

/** A photo id and size as the member API names them; anything else is not asked for. */
export function isPhotoAddress(id: string, size: string): size is PhotoSize {
  return isUuid(id) && (PHOTO_SIZES as readonly string[]).includes(size)
}

/** A photo of a published review. */
export const publicReviewPhotoSrc = (id: string, size: PhotoSize) => `/images/reviews/${encodeURIComponent(id)}/${size}`

/** One of the signed-in member's own photos (the review form's previews, their review before it is published). */
export const myReviewPhotoSrc = (id: string, size: PhotoSize) => `/images/my-review-photos/${encodeURIComponent(id)}/${size}`
