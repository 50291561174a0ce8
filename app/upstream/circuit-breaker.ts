// When the member API stops answering, the portal stops asking for a short while: after
// FAILURES_TO_OPEN calls in a row that got no answer (refused, reset or past their deadline), calls
// fail at once for COOL_DOWN_MS and go through the error catalogue as "unavailable"; then one call
// goes out as a probe, and the first answer of any kind closes the breaker again. A member page
// thus answers at once during an outage instead of waiting out every call's deadline, and the
// portal recovers by itself when the API is back.

export const FAILURES_TO_OPEN = 5
export const COOL_DOWN_MS = 10_000

export interface Breaker {
  /** Whether a call may go out now (false while open, and while the one probe after the cool-down is under way). */
  allow(): boolean
  /** The member API answered (any status). */
  answered(): void
  /** The call got no answer. */
  failed(): void
}

export function createBreaker(options: { failuresToOpen?: number; coolDownMs?: number; now?: () => number } = {}): Breaker {
  const failuresToOpen = options.failuresToOpen ?? FAILURES_TO_OPEN
  const coolDownMs = options.coolDownMs ?? COOL_DOWN_MS
  const now = options.now ?? Date.now
  let failures = 0
  let openUntil = 0
  let probing = false
  return {
    allow() {
      if (failures < failuresToOpen) return true
      if (now() < openUntil || probing) return false
      probing = true
      return true
    },
    answered() {
      failures = 0
      probing = false
    },
    failed() {
      failures++
      probing = false
      if (failures >= failuresToOpen) openUntil = now() + coolDownMs
    },
  }
}

const breakers = new Map<string, Breaker>()

/** The breaker of one member API (by its origin). */
export function breakerFor(origin: string): Breaker {
  let breaker = breakers.get(origin)
  if (!breaker) {
    breaker = createBreaker()
    breakers.set(origin, breaker)
  }
  return breaker
}
