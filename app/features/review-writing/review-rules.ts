// The review's rules, the same as the member API's (contract/content.ts ReviewBodySchema), so the
// member sees them while typing instead of after submitting.
export const TITLE_MIN = 3
export const TITLE_MAX = 120
export const BODY_MIN = 50
export const BODY_MAX = 5000

export type ReviewValues = { rating: number | null; title: string; body: string; receivedForFree: boolean }
export type ReviewField = keyof ReviewValues
export const REVIEW_FIELDS: readonly ReviewField[] = ['rating', 'title', 'body', 'receivedForFree']

/** The length the member API counts: surrounding spaces are trimmed. */
export const countedLength = (text: string) => text.trim().length

export type LengthState = { length: number; state: 'too-short' | 'ok' | 'too-long'; missing: number; over: number }

export function lengthState(text: string, min: number, max: number): LengthState {
  const length = countedLength(text)
  return {
    length,
    state: length < min ? 'too-short' : length > max ? 'too-long' : 'ok',
    missing: Math.max(0, min - length),
    over: Math.max(0, length - max),
  }
}

/** The fields that break a rule (empty when the review can be sent). */
export function reviewProblems(values: ReviewValues): ReviewField[] {
  const problems: ReviewField[] = []
  if (values.rating === null || !Number.isInteger(values.rating) || values.rating < 1 || values.rating > 5) problems.push('rating')
  if (lengthState(values.title, TITLE_MIN, TITLE_MAX).state !== 'ok') problems.push('title')
  if (lengthState(values.body, BODY_MIN, BODY_MAX).state !== 'ok') problems.push('body')
  if (!values.receivedForFree) problems.push('receivedForFree')
  return problems
}
