import type { UpstreamFailure } from './upstream-result'

/**
 * The error catalogue, in one place: what the member gets for each failed call. Calls whose entry
 * is marked silent (validation, one-time codes, referral codes) have no global effect: their
 * callers show the failure inline.
 */
export type ErrorEffect =
  | { kind: 'redirect-locale-404' }
  | { kind: 'dialog'; message: string | null }
  /** The dialog with the portal's sentence for a refused bot check. */
  | { kind: 'bot-check-dialog' }
  /** The dialog with the portal's sentence for an action a suspended member may not take. */
  | { kind: 'suspended-dialog' }
  | { kind: 'session-expired' }
  /** To the second-factor page (pass one, or enrol) and back to where the person was. */
  | { kind: 'second-factor' }
  | { kind: 'redirect-404' }
  /** The console's call was refused: the staff person's roles do not (or no longer) allow it; nothing changed. */
  | { kind: 'staff-forbidden-dialog' }
  /** The console acted on something gone meanwhile (a review deleted with its author's account, a parcel withdrawn): nothing changed. A page of it is the 404 page. */
  | { kind: 'staff-gone-dialog' }
  | { kind: 'generic-dialog' }
  | { kind: 'none' }

/**
 * Refusals a page answers with a dialog of its own, where the person decides what next (selecting
 * linked applicants: confirm or go back): the catalogue's dialog stays out of its way.
 */
const ANSWERED_BY_THE_PAGE: ReadonlySet<string> = new Set(['linked-applicants'])

export function effectOf(failure: UpstreamFailure): ErrorEffect {
  if (failure.silent) return { kind: 'none' }
  if (failure.refusalsInline && failure.kind === 'rejected') return { kind: 'none' }
  if (failure.kind === 'rejected' && failure.reason && ANSWERED_BY_THE_PAGE.has(failure.reason.code)) return { kind: 'none' }
  switch (failure.kind) {
    case 'not-found':
      return failure.staff ? { kind: 'staff-gone-dialog' } : { kind: 'redirect-locale-404' }
    case 'rejected':
      // A suspended member's refused action is said in the portal's words, not the server's.
      return failure.reason?.code === 'suspended' ? { kind: 'suspended-dialog' } : { kind: 'dialog', message: failure.message }
    case 'bot-check-failed':
      return { kind: 'bot-check-dialog' }
    case 'unauthenticated':
      return { kind: 'session-expired' }
    case 'second-factor-required':
      return { kind: 'second-factor' }
    // The session is valid: the page asks for the password again (useRecentSignIn) and retries.
    case 'reauth-required':
      return { kind: 'none' }
    case 'forbidden':
      return failure.staff && failure.httpStatus === 403 ? { kind: 'staff-forbidden-dialog' } : { kind: 'redirect-404' }
    case 'unavailable':
      return { kind: 'generic-dialog' }
  }
}
