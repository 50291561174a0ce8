/**
 * The start-up error (spec section 4: "a startup error is recorded as the payload error"): what
 * failed while the app mounted, kept for the error page and for tests to read.
 */
let startupError: unknown = null

export function recordStartupError(error: unknown): void {
  startupError ??= error
  if (typeof document !== 'undefined') document.documentElement.dataset.startupError = error instanceof Error ? error.message : String(error)
}

export function getStartupError(): unknown {
  return startupError
}
