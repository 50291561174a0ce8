import { createMiddleware } from '@tanstack/react-start'
import { setResponseStatus } from '@tanstack/react-start/server'
import { freshIdToken } from './id-token'

/** Thrown by server functions that need a member when there is none; the response status is 401. */
export class UnauthenticatedError extends Error {
  override name = 'UnauthenticatedError'
  constructor() {
    super('UNAUTHENTICATED')
  }
}

/**
 * Gives server-function handlers the verified member, or null. In the browser it attaches a fresh
 * ID token as `Authorization: Bearer`; on the server the token (or, during SSR, the session cookie)
 * is verified with revocation checked.
 */
export const memberMiddleware = createMiddleware({ type: 'function' })
  .client(async ({ next }) => {
    // During server rendering the session cookie speaks for the member; no token to attach.
    if (typeof window === 'undefined') return next()
    const token = await freshIdToken()
    return next(token ? { headers: { Authorization: `Bearer ${token}` } } : undefined)
  })
  .server(async ({ next }) => {
    const { memberFromRequest } = await import('./member.server')
    return next({ context: { member: await memberFromRequest() } })
  })

/** Like memberMiddleware, but a call without a verified member fails with 401. */
export const requireMemberMiddleware = createMiddleware({ type: 'function' })
  .middleware([memberMiddleware])
  .server(async ({ next, context }) => {
    if (!context.member) {
      setResponseStatus(401)
      throw new UnauthenticatedError()
    }
    return next({ context: { member: context.member } })
  })
