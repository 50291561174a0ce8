// The portal process's own state between a stop signal and its exit, shared by the shutdown plugin
// and the readiness route. Kept on globalThis under a registered symbol: the server plugins and the
// routes are bundled apart, and both must see the one flag.
const KEY = Symbol.for('tester-portal.lifecycle')

export interface PortalLifecycle {
  /** Set on SIGTERM/SIGINT: /readyz answers 503 while the process still serves what reaches it. */
  draining: boolean
}

export function portalLifecycle(): PortalLifecycle {
  const holder = globalThis as typeof globalThis & { [KEY]?: PortalLifecycle }
  holder[KEY] ??= { draining: false }
  return holder[KEY]
}
