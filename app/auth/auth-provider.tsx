import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { authStore } from './auth-store'
import { whenFirebaseLoaded } from './firebase-loaded'
import { uidOf, viewerQuery } from './viewer'
import { endSessionFn, startSessionFn } from './viewer.functions'
import { useQueryData } from '~/lib/query-data'

/**
 * Follows Firebase's sign-in state in the browser while a member is signed in: fills or clears the
 * auth store, and keeps the server session in step (a browser signed out of Firebase ends the
 * server session, so a stale cookie cannot outlive the member's sign-out).
 *
 * It never loads Firebase: no page does. A visitor's pages get the SDK with the account actions
 * that need it (sign-in, registration, links); a member's pages run on the session cookie, and get
 * it when the member does something that needs Firebase (signing out, confirming it is them, a
 * verification). The listener starts then, as soon as that action has loaded Firebase; a page on
 * which no such action runs has nothing of Firebase to follow.
 */
export function AuthProvider() {
  const queryClient = useQueryClient()
  const viewer = useQueryData(viewerQuery)
  const signedIn = viewer?.signedIn === true

  useEffect(() => {
    if (!signedIn) return
    let cancelled = false
    let unsubscribe = () => {}
    const stopWaiting = whenFirebaseLoaded((auth) => {
      void (async () => {
        // Already in the browser: the action that loaded Firebase brought both.
        const [{ onIdTokenChanged, signOut }, { sessionSettled }] = await Promise.all([import('firebase/auth'), import('./account-actions')])
        if (cancelled) return
        unsubscribe = onIdTokenChanged(auth, async (user) => {
          // An account action under way decides (among them the one that has just loaded Firebase
          // and is reading the member it restored); this listener looks after it has finished, and
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
            {
              uid: user.uid,
              emailVerified: user.emailVerified,
              displayName: user.displayName,
              email: user.email,
              metadata: { createdAt: user.metadata.creationTime ?? null },
            },
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
    })
    return () => {
      cancelled = true
      stopWaiting()
      unsubscribe()
    }
  }, [signedIn, queryClient])

  return null
}
