// Photos in reviews: what a member may upload, how a review names its photos, and the refusals the
// portal words for the member.
import * as v from 'valibot'
import { Uuid } from './common'

/** Photos one review may carry. */
export const PHOTOS_PER_REVIEW = 5
/** Photos one member may upload in an hour, whatever becomes of them (each is decoded and encoded twice). */
export const PHOTO_UPLOADS_PER_HOUR = 30
/** The largest photo file the member API takes (10 MB). */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024
/** The longest description (alt text) of a photo. */
export const PHOTO_ALT_MAX = 200
/** What the member API takes, told apart by the file's first bytes, never by its name. */
export const PHOTO_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic'] as const
/** The sizes each photo is stored in: for the review page, and for lists and previews. */
export const PHOTO_SIZES = ['display', 'thumb'] as const
export type PhotoSize = (typeof PHOTO_SIZES)[number]

/**
 * The member API's field message (field `photo`) for each refusal of an upload, matched by the
 * portal to word it for the member. Nothing is stored when a photo is refused.
 */
export const PHOTO_REFUSED = {
  type: 'must be a JPEG, PNG, WebP or HEIC image',
  size: `must be at most ${PHOTO_MAX_BYTES / (1024 * 1024)} MB`,
  unreadable: 'could not be read as an image',
  count: `a review has at most ${PHOTOS_PER_REVIEW} photos`,
} as const

/** A photo as a review shows it, in the review's order: its id and the description its author wrote. */
export const ReviewPhotoSchema = v.strictObject({ id: v.string(), alt: v.string() })
export type ReviewPhoto = v.InferOutput<typeof ReviewPhotoSchema>

/** A photo the member has uploaded for a review, stored in both sizes (JPEG, no metadata). */
export const UploadedPhotoSchema = v.strictObject({
  id: v.string(),
  width: v.number(),
  height: v.number(),
})
export type UploadedPhoto = v.InferOutput<typeof UploadedPhotoSchema>

/** POST logistics/v1/content/flight/review/photos?participationId=…: the body is the image file's bytes. */
export const PhotoUploadQuerySchema = v.strictObject({ participationId: Uuid })

/** DELETE logistics/v1/content/flight/review/photos/:id: the photo and its files are gone. */
export const PhotoDeletedSchema = v.strictObject({ deleted: v.literal(true) })

/** A photo as the review submission names it: one of the member's uploads, and its description. */
export const ReviewPhotoInputSchema = v.strictObject({
  id: Uuid,
  alt: v.pipe(v.string(), v.trim(), v.minLength(1, 'is required'), v.maxLength(PHOTO_ALT_MAX, `at most ${PHOTO_ALT_MAX} characters`)),
})

/** The photos of a review submission, in the order they are shown: at most five, each once. */
export const ReviewPhotosInputSchema = v.pipe(
  v.array(ReviewPhotoInputSchema),
  v.maxLength(PHOTOS_PER_REVIEW, PHOTO_REFUSED.count),
  v.check((photos) => new Set(photos.map((p) => p.id)).size === photos.length, 'each photo once'),
)
