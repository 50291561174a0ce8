// The review draft in the browser's localStorage: written as the member types, read back after a
// reload or an expired session, and removed only once the member API has accepted the review. The
// photos themselves are uploaded at once (the member API keeps them); the draft keeps which ones,
// in what order, and what the member wrote about each.
import * as v from 'valibot'
import type { ReviewValues } from './review-rules'

/** A photo of the draft: its id at the member API and its description as typed so far. */
export type DraftPhoto = { id: string; alt: string }
export type DraftContent = ReviewValues & { photos?: DraftPhoto[] }
export type ReviewDraft = ReviewValues & { photos: DraftPhoto[]; savedAt: string }

const DraftSchema = v.object({
  rating: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5))),
  title: v.pipe(v.string(), v.maxLength(10_000)),
  body: v.pipe(v.string(), v.maxLength(50_000)),
  receivedForFree: v.boolean(),
  // Drafts written before photos existed have none.
  photos: v.optional(
    v.pipe(v.array(v.object({ id: v.pipe(v.string(), v.maxLength(100)), alt: v.pipe(v.string(), v.maxLength(10_000)) })), v.maxLength(20)),
    [],
  ),
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

const isEmpty = (content: DraftContent) =>
  content.rating === null && content.title.trim() === '' && content.body.trim() === '' && (content.photos ?? []).length === 0

/** Saves what the member wrote and the photos they added; an emptied form removes the draft. */
export function writeDraft(key: string, content: DraftContent, now: Date = new Date(), storage: DraftStorage | null = browserStorage()): void {
  try {
    if (isEmpty(content)) storage?.removeItem(key)
    else storage?.setItem(key, JSON.stringify({ ...content, photos: content.photos ?? [], savedAt: now.toISOString() } satisfies ReviewDraft))
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
