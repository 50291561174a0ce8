// The review draft in the browser's localStorage: written as the member types, read back after a
// reload or an expired session, and removed only once the member API has accepted the review.
import * as v from 'valibot'
import type { ReviewValues } from './review-rules'

export type ReviewDraft = ReviewValues & { savedAt: string }

const DraftSchema = v.object({
  rating: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5))),
  title: v.pipe(v.string(), v.maxLength(10_000)),
  body: v.pipe(v.string(), v.maxLength(50_000)),
  receivedForFree: v.boolean(),
  savedAt: v.string(),
})

/**
 * One draft per product, campaign and participation: the participation is the member's own, so on a
 * shared browser one member never gets another's text back.
 */
export const draftKey = (productId: string, campaignId: string, participationId: string | null) =>
  `testers-circle:review-draft:${productId}:${campaignId}:${participationId ?? 'none'}`

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** The browser's storage, or null where there is none (server rendering, storage blocked). */
function browserStorage(): DraftStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

export function readDraft(key: string, storage: DraftStorage | null = browserStorage()): ReviewDraft | null {
  try {
    const raw = storage?.getItem(key)
    if (!raw) return null
    const parsed = v.safeParse(DraftSchema, JSON.parse(raw))
    return parsed.success ? parsed.output : null
  } catch {
    return null
  }
}

const isEmpty = (values: ReviewValues) => values.rating === null && values.title.trim() === '' && values.body.trim() === ''

/** Saves what the member wrote; an emptied form removes the draft. */
export function writeDraft(key: string, values: ReviewValues, now: Date = new Date(), storage: DraftStorage | null = browserStorage()): void {
  try {
    if (isEmpty(values)) storage?.removeItem(key)
    else storage?.setItem(key, JSON.stringify({ ...values, savedAt: now.toISOString() } satisfies ReviewDraft))
  } catch {
    // A full or blocked storage must not stop the member from writing; the draft is a safety net.
  }
}

export function removeDraft(key: string, storage: DraftStorage | null = browserStorage()): void {
  try {
    storage?.removeItem(key)
  } catch {
    // Nothing to clean up when storage is unavailable.
  }
}
