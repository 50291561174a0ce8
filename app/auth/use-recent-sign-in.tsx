import { useCallback, useRef, useState, type ReactNode } from 'react'
import { focusedElement } from '~/components/ui/focus-return'
import type { UpstreamFailure, UpstreamResult } from '~/upstream/upstream-result'
import { ReauthDialog } from './reauth-dialog'

/**
 * Asks the member to confirm it is them. `retry` runs the guarded call again; the answer is the
 * retried call's result, or null when the member cancelled.
 */
export type ConfirmRecentSignIn<T> = (retry: () => Promise<UpstreamResult<T>>) => Promise<UpstreamResult<T> | null>

/**
 * The rule of the guard: a call refused for want of a recent sign-in is retried once the member has
 * confirmed it is them; if they do not, the original refusal stands (nothing was changed). Every
 * other result passes through untouched.
 */
export async function guarded<T>(call: () => Promise<UpstreamResult<T>>, confirm: ConfirmRecentSignIn<T>): Promise<UpstreamResult<T>> {
  const first = await call()
  if (first.ok || first.failure.kind !== 'reauth-required') return first
  return (await confirm(call)) ?? first
}

/** True for the failure a cancelled confirmation leaves: the page says "Nothing was changed." */
export function isRecentSignInRefusal(failure: UpstreamFailure): boolean {
  return failure.kind === 'reauth-required'
}

type Pending = {
  retry: () => Promise<UpstreamResult<unknown>>
  done: (result: UpstreamResult<unknown> | null) => void
  /** Where focus was when the call started: it goes back there when the dialog closes. */
  opener: HTMLElement | null
}

export type RecentSignIn = {
  /**
   * Runs a server-function call for a change that needs a recent sign-in (e-mail, phone, payout,
   * deletion). When the member API refuses it for that reason, the "Confirm it's you" dialog asks for
   * the password and the call is retried once; the page's form stays mounted, so what the member
   * typed is kept. Cancelled: resolves with the original 'reauth-required' failure.
   */
  guard: <T>(call: () => Promise<UpstreamResult<T>>) => Promise<UpstreamResult<T>>
  /** The dialog; render it once anywhere in the page. */
  dialog: ReactNode
}

export function useRecentSignIn(): RecentSignIn {
  const [pending, setPending] = useState<Pending | null>(null)
  const pendingRef = useRef<Pending | null>(null)

  const guard = useCallback(<T,>(call: () => Promise<UpstreamResult<T>>): Promise<UpstreamResult<T>> => {
    const opener = focusedElement()
    return guarded(call, (retry) => {
      // One confirmation at a time: a second guarded call while the dialog is open is refused as it is.
      if (pendingRef.current) return Promise.resolve(null)
      return new Promise<UpstreamResult<T> | null>((resolve) => {
        const next: Pending = {
          retry: retry as () => Promise<UpstreamResult<unknown>>,
          opener,
          done: (result) => {
            pendingRef.current = null
            setPending(null)
            resolve(result as UpstreamResult<T> | null)
          },
        }
        pendingRef.current = next
        setPending(next)
      })
    })
  }, [])

  const dialog = pending ? <ReauthDialog key="reauth" retry={pending.retry} opener={pending.opener} onDone={pending.done} /> : null
  return { guard, dialog }
}
