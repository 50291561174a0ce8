import { AsyncLocalStorage } from 'node:async_hooks'

// A page render has one deadline for all its calls to the member API, however many it makes and in
// whatever order: each call waits at most until the render's deadline (and never longer than its own
// timeout), and a call made after the deadline fails at once without going out. With the member API
// hung, a page thus answers through the error catalogue soon after the deadline, not after one
// timeout per call. A render that went without some of its data says so (`degraded`): such a page is
// not one to share with other visitors.

type Render = { deadline: number; degraded: boolean }

const renders = new AsyncLocalStorage<Render>()

/** Runs `render` (and every call it makes, however deep) under a deadline `budgetMs` from now. */
export async function withRenderDeadline<T>(budgetMs: number, render: () => Promise<T>): Promise<{ result: T; degraded: boolean }> {
  const scope: Render = { deadline: Date.now() + budgetMs, degraded: false }
  const result = await renders.run(scope, render)
  return { result, degraded: scope.degraded }
}

/**
 * How long a call may wait: its own timeout, cut to what is left of the render's deadline when it
 * runs inside one (0 when the deadline has passed).
 */
export function callBudgetMs(ownTimeoutMs: number, now = Date.now()): number {
  const scope = renders.getStore()
  return scope === undefined ? ownTimeoutMs : Math.max(0, Math.min(ownTimeoutMs, scope.deadline - now))
}

/** A call of the current render (if any) got no usable answer. */
export function markRenderDegraded(): void {
  const scope = renders.getStore()
  if (scope) scope.degraded = true
}
