import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { memberMiddleware } from './member.middleware'
import type { Viewer } from './viewer'
import type { VerifiedMember } from './member.server'

function viewerOf(member: VerifiedMember | null): Viewer {
  return member
    ? { signedIn: true, uid: member.uid, displayName: member.displayName, emailVerified: member.emailVerified, email: member.email }
    : { signedIn: false }
}

/** Who is calling, as the server sees it (session cookie during SSR, ID token from the browser). */
export const getViewerFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(async ({ context }): Promise<Viewer> => viewerOf(context.member))

export type SessionStart = { ok: true; viewer: Viewer } | { ok: false; reason: SessionRefusal }

/**
 * Why no session was opened: 'refused' (the ID token is not valid), 'reauthenticate' (its sign-in
 * is too old to open a session, and there is no session of the member to renew: sign in again),
 * 'unavailable' (Firebase could not be asked: try again).
 */
export type SessionRefusal = 'refused' | 'reauthenticate' | 'unavailable'

/** After a sign-in in the browser: exchange the fresh ID token for a server session cookie. */
export const startSessionFn = createServerFn({ method: 'POST' })
  .validator(v.strictObject({ idToken: v.pipe(v.string(), v.minLength(20), v.maxLength(4096)) }))
  .handler(async ({ data }): Promise<SessionStart> => {
    const { CredentialCheckUnavailable, RecentSignInRequired, startSession } = await import('./member.server')
    const { setResponseStatus } = await import('@tanstack/react-start/server')
    try {
      return { ok: true, viewer: viewerOf(await startSession(data.idToken)) }
    } catch (error) {
      const unavailable = error instanceof CredentialCheckUnavailable
      setResponseStatus(unavailable ? 503 : 401)
      return { ok: false, reason: unavailable ? 'unavailable' : error instanceof RecentSignInRequired ? 'reauthenticate' : 'refused' }
    }
  })

/** Sign-out: revokes the member's refresh tokens and clears the session cookie. */
export const endSessionFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .handler(async ({ context }) => {
    const { endSession } = await import('./member.server')
    await endSession(context.member)
    return { signedIn: false } as const
  })
