import { createIsomorphicFn } from '@tanstack/react-start'

export const FAULT_HEADER = 'x-portal-fault'

/**
 * Fails the server rendering of a page on purpose when the browser tests ask for it (local mode
 * with PORTAL_FAULT_INJECTION=1 and the request header `x-portal-fault: render`), so the error page
 * and its 500 are tested against a real failure inside the app. Does nothing anywhere else.
 */
export const failIfAsked = createIsomorphicFn()
  .server(async () => {
    const { portalConfig } = await import('~/config/config.server')
    if (!portalConfig().faultInjection) return
    const { getRequestHeader } = await import('@tanstack/react-start/server')
    if (getRequestHeader(FAULT_HEADER) === 'render') throw new Error(`A fault injected by the ${FAULT_HEADER} header`)
  })
  .client(async () => {})
