import { createIsomorphicFn } from '@tanstack/react-start'

export const FAULT_HEADER = 'x-portal-fault'

/**
 * Fails the server rendering of a page on purpose when the browser tests ask for it (local mode
 * with PORTAL_FAULT_INJECTION=1 and the request header `x-portal-fault: render`), so the error page
 * and its 500 are tested against a real failure inside the app. Does nothing anywhere else.
 */
/** The server modules it reads, loaded on the first page and reused. */
let serverModules: Promise<[typeof import('~/config/config.server'), typeof import('@tanstack/react-start/server')]> | undefined

export const failIfAsked = createIsomorphicFn()
  .server(async () => {
    const [{ portalConfig }, { getRequestHeader }] = await (serverModules ??= Promise.all([
      import('~/config/config.server'),
      import('@tanstack/react-start/server'),
    ]))
    if (!portalConfig().faultInjection) return
    if (getRequestHeader(FAULT_HEADER) === 'render') throw new Error(`A fault injected by the ${FAULT_HEADER} header`)
  })
  .client(async () => {})
