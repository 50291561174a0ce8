import * as Dialog from '@radix-ui/react-dialog'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { hasPasswordSignIn, reauthenticate, sendSignInLink } from '~/auth/account-actions'
import { viewerQuery } from '~/auth/viewer'
import { Button } from '~/components/ui/button'
import { FormAlert, TextField } from '~/components/ui/field'
import { returnFocus } from '~/components/ui/focus-return'
import type { UpstreamResult } from '~/upstream/upstream-result'
import { accountFailureMessage, reauthFailureMessage } from './account-messages'

/** 'password': type it again; 'link': no password, offer a sign-in link; 'link-sent': open it, then try again. */
type Mode = 'password' | 'link' | 'link-sent'

/**
 * "Confirm it's you": the password again (or, for a member without one, a sign-in link), then the
 * guarded call once more. Modal, over the page's form, which stays as the member left it.
 */
export function ReauthDialog({
  retry,
  opener,
  onDone,
}: {
  retry: () => Promise<UpstreamResult<unknown>>
  opener: HTMLElement | null
  onDone: (result: UpstreamResult<unknown> | null) => void
}) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const { data: viewer } = useQuery(viewerQuery)
  const email = viewer?.signedIn ? viewer.email : null
  const [mode, setMode] = useState<Mode>('password')
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  const passwordRef = useRef<HTMLInputElement>(null)
  const contentRef = useRef<HTMLDivElement>(null)
  const closed = useRef(false)

  // Each step puts focus on what the member does next (the password field, or the step's main button).
  const focusStep = () => contentRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus()
  useEffect(() => {
    focusStep()
  }, [mode])

  useEffect(() => {
    let cancelled = false
    void hasPasswordSignIn(queryClient)
      .then((has) => {
        if (!cancelled && !has) setMode('link')
      })
      .catch(() => undefined)
    return () => {
      cancelled = true
    }
  }, [queryClient])

  function finish(result: UpstreamResult<unknown> | null) {
    if (closed.current) return
    closed.current = true
    onDone(result)
    returnFocus(opener)
  }

  async function confirmWithPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const password = passwordRef.current?.value ?? ''
    if (!password) {
      setError(t`Enter your password.`)
      passwordRef.current?.focus()
      return
    }
    setBusy(true)
    setError(undefined)
    const outcome = await reauthenticate(queryClient, password)
    if (!outcome.ok) {
      setBusy(false)
      setError(i18n._(reauthFailureMessage(outcome.failure)))
      passwordRef.current?.select()
      passwordRef.current?.focus()
      return
    }
    // Confirmed: the change goes ahead once more, as the member asked for it.
    finish(await retry())
  }

  async function sendLink() {
    if (busy || !email) return
    setBusy(true)
    setError(undefined)
    const outcome = await sendSignInLink(queryClient, email)
    setBusy(false)
    if (outcome.ok) return setMode('link-sent')
    setError(i18n._(accountFailureMessage[outcome.failure]))
    requestAnimationFrame(focusStep)
  }

  async function retryAfterLink() {
    if (busy) return
    setBusy(true)
    setError(undefined)
    const result = await retry()
    if (!result.ok && result.failure.kind === 'reauth-required') {
      setBusy(false)
      setError(t`We have not seen that sign-in yet. Open the link from the e-mail in this browser, then try again.`)
      requestAnimationFrame(focusStep)
      return
    }
    finish(result)
  }

  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        // Escape dismisses like Cancel, except while a confirmation is under way.
        if (!open && !busy) finish(null)
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-overlay bg-ink/50" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-modal w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-2xl"
          ref={contentRef}
          onOpenAutoFocus={(event) => {
            event.preventDefault()
            focusStep()
          }}
          // Focus goes back to the opener (returnFocus), which may still be busy when this closes.
          onCloseAutoFocus={(event) => event.preventDefault()}
          onPointerDownOutside={(event) => event.preventDefault()}
          data-testid="reauth-dialog"
        >
          <Dialog.Title className="text-lg font-bold text-ink">{t`Confirm it's you`}</Dialog.Title>
          {mode === 'password' && (
            <form noValidate onSubmit={confirmWithPassword} className="mt-2 flex flex-col gap-4">
              <Dialog.Description className="text-muted">
                {t`For your security, this change needs a recent sign-in. Enter your password to continue: what you typed on the page stays as it is.`}
              </Dialog.Description>
              <TextField ref={passwordRef} label={t`Password`} name="password" type="password" autoComplete="current-password" error={error} data-autofocus />
              <div className="flex flex-wrap justify-end gap-3">
                <Button type="button" severity="secondary" disabled={busy} onClick={() => finish(null)}>
                  {t`Cancel`}
                </Button>
                <Button type="submit" loading={busy}>
                  {t`Continue`}
                </Button>
              </div>
              {email && (
                <Button type="button" variant="text" severity="info" size="small" className="self-start" disabled={busy} onClick={() => setMode('link')}>
                  {t`I have no password: e-mail me a sign-in link`}
                </Button>
              )}
            </form>
          )}
          {mode === 'link' && (
            <div className="mt-2 flex flex-col gap-4">
              <Dialog.Description className="text-muted">
                {email ? (
                  <Trans>
                    For your security, this change needs a recent sign-in. We can e-mail a sign-in link to {email}. Open it in this browser, then come back to
                    this tab and choose “Try again”: what you typed on the page stays as it is.
                  </Trans>
                ) : (
                  t`For your security, this change needs a recent sign-in. Sign out and sign in again, then make the change.`
                )}
              </Dialog.Description>
              {error && <FormAlert>{error}</FormAlert>}
              <div className="flex flex-wrap justify-end gap-3">
                <Button type="button" severity="secondary" disabled={busy} onClick={() => finish(null)} data-autofocus={email ? undefined : true}>
                  {t`Cancel`}
                </Button>
                {email && (
                  <Button type="button" loading={busy} onClick={() => void sendLink()} data-autofocus>
                    {t`Send me a sign-in link`}
                  </Button>
                )}
              </div>
            </div>
          )}
          {mode === 'link-sent' && (
            <div className="mt-2 flex flex-col gap-4">
              <Dialog.Description className="text-muted">
                <Trans>
                  We sent a sign-in link to {email}. Open it in this browser, then come back to this tab and choose “Try again”. Until then nothing is changed.
                </Trans>
              </Dialog.Description>
              {error && <FormAlert>{error}</FormAlert>}
              <div className="flex flex-wrap justify-end gap-3">
                <Button type="button" severity="secondary" disabled={busy} onClick={() => finish(null)}>
                  {t`Cancel`}
                </Button>
                <Button type="button" loading={busy} onClick={() => void retryAfterLink()} data-autofocus>
                  {t`Try again`}
                </Button>
              </div>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
