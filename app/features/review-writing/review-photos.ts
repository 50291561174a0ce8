// The review form's photos: which ones the form shows after a reload, their order, their
// descriptions, and why a file was not taken (in the member API's terms, worded by the form).
import type { ENDPOINTS } from '#contract/endpoints'
import { PHOTO_ALT_MAX, PHOTO_MAX_BYTES, PHOTOS_PER_REVIEW } from '#contract/review-photos'
import { refusalOf as reasonOf, type UpstreamFailure } from '~/upstream/upstream-result'
import type { DraftPhoto } from './review-draft'

/** Why a file did not become one of the review's photos. */
export type PhotoRefusal = 'type' | 'size' | 'count' | 'unreadable' | 'too-many-uploads' | 'busy' | 'closed' | 'signed-out' | 'failed'

/** The file picker's filter; the member API still reads each file's type from its bytes. */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.jpg,.jpeg,.png,.webp,.heic,.heif'

/** The reason the member API gave for refusing an upload (its reason code), or what else went wrong. */
export function refusalOf(failure: UpstreamFailure): PhotoRefusal {
  if (failure.kind === 'rejected') {
    const reason = reasonOf<typeof ENDPOINTS.uploadReviewPhoto>(failure)
    if (reason?.code === 'image-refused' && reason.problem !== 'last') return reason.problem
    // The review was sent or published meanwhile (another tab): it takes no more photos.
    return 'closed'
  }
  if (failure.kind === 'not-found' || failure.kind === 'forbidden') return 'closed'
  if (failure.kind === 'unauthenticated') return 'signed-out'
  // The member's photos this hour (429), or the member API's line of images (503).
  const reason = reasonOf<typeof ENDPOINTS.uploadReviewPhoto>(failure)
  if (reason?.code === 'too-many-uploads') return 'too-many-uploads'
  if (reason?.code === 'image-queue-full') return 'busy'
  return 'failed'
}

/**
 * Splits the files the member picked into those to upload and those refused at once: over the size
 * limit, or past the number of photos a review may have (counting those already there or on their way).
 */
export function pickFiles<F extends { size: number }>(files: readonly F[], taken: number): { upload: F[]; refused: Array<{ file: F; reason: PhotoRefusal }> } {
  const upload: F[] = []
  const refused: Array<{ file: F; reason: PhotoRefusal }> = []
  for (const file of files) {
    if (taken + upload.length >= PHOTOS_PER_REVIEW) refused.push({ file, reason: 'count' })
    else if (file.size > PHOTO_MAX_BYTES) refused.push({ file, reason: 'size' })
    else upload.push(file)
  }
  return { upload, refused }
}

/**
 * The photos the form starts with: those the member API holds for the participation, in the order
 * and with the descriptions the draft (or the review sent back for a change) kept; photos it holds
 * that the draft does not know (uploaded in another tab) come last, undescribed. A photo the draft
 * names that is gone (removed in another tab) is left out.
 */
export function restorePhotos(kept: readonly DraftPhoto[], uploaded: ReadonlyArray<{ id: string }>): DraftPhoto[] {
  const held = new Set(uploaded.map((p) => p.id))
  const restored = kept.filter((p) => held.has(p.id))
  const known = new Set(restored.map((p) => p.id))
  return [...restored, ...uploaded.filter((p) => !known.has(p.id)).map((p) => ({ id: p.id, alt: '' }))]
}

/** The photos with the one at `index` moved one place earlier (-1) or later (+1); unchanged at either end. */
export function movePhoto<T>(photos: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by
  if (index < 0 || index >= photos.length || to < 0 || to >= photos.length) return [...photos]
  const next = [...photos]
  const [moved] = next.splice(index, 1)
  next.splice(to, 0, moved as T)
  return next
}

/** The ids of photos whose description breaks the rule (1 to PHOTO_ALT_MAX characters, spaces trimmed). */
export function altProblems(photos: readonly DraftPhoto[]): string[] {
  return photos.filter((p) => p.alt.trim().length < 1 || p.alt.trim().length > PHOTO_ALT_MAX).map((p) => p.id)
}
