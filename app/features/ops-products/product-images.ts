// The console's product images: which files are taken before anything is sent, and why the member
// API refused one (its reason codes, worded by the images section).
import type { ENDPOINTS } from '#contract/endpoints'
import { PRODUCT_IMAGE_ALT_MAX, PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGES_MAX } from '#contract/product-images'
import { refusalOf, type UpstreamFailure } from '~/upstream/upstream-result'

/** The file picker's filter; the member API still reads each file's type from its bytes. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.jpg,.jpeg,.png,.webp,.heic,.heif'

/** Why a file did not become, or an image did not change as asked. */
export type ImageProblem = 'type' | 'size' | 'unreadable' | 'count' | 'last' | 'alt' | 'busy' | 'gone' | 'forbidden' | 'signed-out' | 'failed'

/** Refusals of the file itself: sending it again would be refused again, so it is not sent. */
export const FINAL_PROBLEMS: ReadonlySet<ImageProblem> = new Set(['type', 'size', 'unreadable', 'count'])

/** The reason the member API gave (its reason code; a refused description is a field error), or what else went wrong. */
export function problemOf(failure: UpstreamFailure): ImageProblem {
  if (failure.kind === 'rejected') {
    const reason = refusalOf<typeof ENDPOINTS.opsUploadProductImage | typeof ENDPOINTS.opsRemoveProductImage>(failure)
    if (reason?.code === 'image-refused') return reason.problem
    if (failure.fields?.['alt']) return 'alt'
    return 'failed'
  }
  if (failure.kind === 'not-found') return 'gone'
  if (failure.kind === 'forbidden') return 'forbidden'
  if (failure.kind === 'unauthenticated' || failure.kind === 'reauth-required') return 'signed-out'
  // A 503 of the member API's full line of images: the file may be sent again shortly.
  if (refusalOf<typeof ENDPOINTS.opsUploadProductImage>(failure)?.code === 'image-queue-full') return 'busy'
  return 'failed'
}

/** The alt text as the member API takes it (1 to PRODUCT_IMAGE_ALT_MAX characters, spaces trimmed). */
export const isGoodAlt = (alt: string) => alt.trim().length >= 1 && alt.trim().length <= PRODUCT_IMAGE_ALT_MAX

/**
 * Sorts the files picked into those that may be sent and those refused at once: over the size
 * limit, or past the images a product may have (counting those it has and those waiting to be sent).
 */
export function pickImageFiles<F extends { size: number }>(files: readonly F[], taken: number): Array<{ file: F; problem: ImageProblem | null }> {
  let accepted = 0
  return files.map((file) => {
    if (taken + accepted >= PRODUCT_IMAGES_MAX) return { file, problem: 'count' as const }
    if (file.size > PRODUCT_IMAGE_MAX_BYTES) return { file, problem: 'size' as const }
    accepted++
    return { file, problem: null }
  })
}
