import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useSyncExternalStore } from 'react'
import { authStore } from './auth-store'
import { publicAuthConfigQuery } from './public-config'
import { viewerQuery } from './viewer'
import { endSessionFn, startSessionFn } from './viewer.functions'

/** The auth store as React state. */
export function useAuthState() {
  return useSyncExternalStore(authStore.subscribe, authStore.getState, authStore.getState)
}

/**
 * Follows Firebase's sign-in state in the browser: fills or clears the auth store, and keeps the
 * server session in step (a signed-in browser without a session gets one; a browser signed out of
 * Firebase ends the server session, so a stale cookie cannot outlive the member's sign-out).
 */
export function AuthProvider() {
  const queryClient = useQueryClient()
  const { data: config } = useQuery(publicAuthConfigQuery)

  useEffect(() => {
    if (!config) return
    let cancelled = false
    let unsubscribe = () => {}
    void (async () => {
      const [{ clientAuth }, { onIdTokenChanged, signOut }] = await Promise.all([import('./firebase-web'), import('firebase/auth')])
      if (cancelled) return
      const auth = clientAuth(config)
      unsubscribe = onIdTokenChanged(auth, async (user) => {
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
        if (!viewer?.signedIn || viewer.uid !== user.uid) {
          const next = await startSessionFn({ data: { idToken: token.token } }).catch(() => null)
          if (next) queryClient.setQueryData(viewerQuery.queryKey, next)
          // The server refused this browser's sign-in (revoked elsewhere, account disabled): it
          // signs out here too, rather than looking signed in without a session.
          else await signOut(auth).catch(() => undefined)
        }
      })
    })()
    return () => {
      cancelled = true
      unsubscribe()
    }
  }, [config, queryClient])

  return null
}
