import { createMiddleware } from '@tanstack/react-start'
import { freshIdToken } from './id-token'

/** Loaded on the first server-function call, then reused (a dynamic import per call costs each call). */
let memberServer: Promise<typeof import('./member.server')> | undefined

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
    const { memberFromRequest } = await (memberServer ??= import('./member.server'))
    return next({ context: { member: await memberFromRequest() } })
  })
