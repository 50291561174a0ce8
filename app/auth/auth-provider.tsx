import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useSyncExternalStore } from 'react'
import { authStore } from './auth-store'
import { publicAuthConfigQuery } from './public-config'
import { uidOf, viewerQuery } from './viewer'
import { endSessionFn, startSessionFn } from './viewer.functions'

/** The auth store as React state. */
export function useAuthState() {
  return useSyncExternalStore(authStore.subscribe, authStore.getState, authStore.getState)
}

/**
 * Follows Firebase's sign-in state in the browser while a member is signed in: fills or clears the
 * auth store, and keeps the server session in step (a browser signed out of Firebase ends the
 * server session, so a stale cookie cannot outlive the member's sign-out). A visitor's pages never
 * load Firebase: its SDK comes with the account actions (sign-in, registration, links) that need it.
 */
export function AuthProvider() {
  const queryClient = useQueryClient()
  const { data: config } = useQuery(publicAuthConfigQuery)
  const { data: viewer } = useQuery(viewerQuery)
  const signedIn = viewer?.signedIn === true

  useEffect(() => {
    if (!config || !signedIn) return
    let cancelled = false
    let unsubscribe = () => {}
    void (async () => {
      const [{ clientAuth }, { onIdTokenChanged, signOut }, { sessionSettled }] = await Promise.all([
        import('./firebase-web'),
        import('firebase/auth'),
        import('./account-actions'),
      ])
      if (cancelled) return
      const auth = clientAuth(config)
      unsubscribe = onIdTokenChanged(auth, async (user) => {
        // A sign-in or sign-out under way decides; this listener looks after it has finished, and
        // only if Firebase still says what it said when it called.
        await sessionSettled()
        if ((auth.currentUser?.uid ?? null) !== (user?.uid ?? null)) return
        const viewer = queryClient.getQueryData(viewerQuery.queryKey)
        if (!user) {
          authStore.clear()
          if (viewer?.signedIn) {
            await endSessionFn().catch(() => undefined)
            queryClient.removeQueries({ queryKey: ['member'] })
            queryClient.setQueryData(viewerQuery.queryKey, { signedIn: false })
          }
          return
        }
        const token = await user.getIdTokenResult()
        authStore.signedIn(
          { uid: user.uid, emailVerified: user.emailVerified, displayName: user.displayName, email: user.email, metadata: { createdAt: user.metadata.creationTime ?? null } },
          token.token,
          token.claims,
        )
        const current = queryClient.getQueryData(viewerQuery.queryKey)
        if (uidOf(current) !== user.uid) {
          const started = await startSessionFn({ data: { idToken: token.token } }).catch(() => null)
          if (started?.ok) {
            // Another member than the one whose data is cached (account switched in another tab).
            if (current?.signedIn) queryClient.removeQueries({ queryKey: ['member'] })
            queryClient.setQueryData(viewerQuery.queryKey, started.viewer)
          } else if (started && (started.reason === 'refused' || started.reason === 'reauthenticate')) {
            // The server refused this browser's sign-in (revoked elsewhere, account disabled, or a
            // sign-in older than a session may be opened from): it signs out here too, rather than
            // looking signed in without a session. So an ended session stays ended.
            await signOut(auth).catch(() => undefined)
          }
        }
      })
    })()
    return () => {
      cancelled = true
      unsubscribe()
    }
  }, [config, signedIn, queryClient])

  return null
}
