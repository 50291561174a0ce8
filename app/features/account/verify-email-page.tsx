import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import * as v from 'valibot'
import { applyEmailChange, resetPassword, verifyEmail } from '~/auth/account-actions'
import { Button } from '~/components/ui/button'
import { FormAlert } from '~/components/ui/field'
import { Spinner } from '~/components/ui/spinner'
import { ContractForm, useAppForm } from '~/lib/contract-form'
import { accountFailureMessage } from '~/auth/account-messages'
import { NewPasswordSchema, passwordRulesUnmet } from './account-schemas'
import { PasswordRules } from './password-rules'
import { localeOf, localePath, useLocale } from '~/lib/locale'
import { forgetSecretAddress, takeSecretAddress } from '~/lib/address-secrets'

/**
 * The action handler for every link in Firebase's account e-mails (the project's action URL points
 * here: /en/user/verify-email): it completes an e-mail verification, confirms or undoes a change of
 * address, lets the member choose a new password, or passes a sign-in link on to its own page.
 * `checking`: the address holds no code, and the browser has yet to look for one this tab kept.
 */
export function VerifyEmailPage({ mode, oobCode, checking = false }: { mode?: string; oobCode?: string; checking?: boolean }) {
  const { t } = useLingui()
  // The page is named from the first answer, before the browser has read the link's code.
  if (checking) {
    return (
      <>
        <h1 className="text-2xl font-bold text-authentic">{t`Verify your e-mail`}</h1>
        <p className="flex items-center gap-3 text-muted" aria-live="polite">
          <Spinner />
          {t`Checking your link…`}
        </p>
      </>
    )
  }
  if (!oobCode) {
    return (
      <>
        <h1 className="text-2xl font-bold text-authentic">{t`Verify your e-mail`}</h1>
        <FormAlert tone="info">
          <Trans>This page completes the link we send by e-mail. Open the link from your e-mail, or sign in and ask for a new one.</Trans>
        </FormAlert>
      </>
    )
  }
  switch (mode) {
    case 'resetPassword':
      return <ChooseNewPassword oobCode={oobCode} />
    case 'signIn':
      return <ForwardSignInLink />
    case 'recoverEmail':
    case 'verifyAndChangeEmail':
      return <CompleteEmailChange oobCode={oobCode} mode={mode} />
    default:
      return <CompleteVerification oobCode={oobCode} />
  }
}

/** Runs a link's one-time action once, even when React renders the page twice. */
function useOnce<T>(action: () => Promise<T>, onDone: (result: T) => void) {
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true
    void action().then(onDone)
  })
}

function CompleteVerification({ oobCode }: { oobCode: string }) {
  const locale = useLocale()
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [state, setState] = useState<'working' | { signedIn: boolean } | { failure: string }>('working')

  useOnce(
    () => verifyEmail(queryClient, oobCode),
    (outcome) => {
      // The code is spent: a reload does not try it again.
      if (outcome.ok) forgetSecretAddress()
      setState(outcome.ok ? outcome.value : { failure: i18n._(accountFailureMessage[outcome.failure]) })
    },
  )

  return (
    <>
      <h1 className="text-2xl font-bold text-authentic">{t`Verify your e-mail`}</h1>
      <div className="mt-6" aria-live="polite">
        {state === 'working' && (
          <p className="flex items-center gap-3 text-muted">
            <Spinner />
            {t`Confirming your e-mail address…`}
          </p>
        )}
        {typeof state === 'object' && 'signedIn' in state && (
          <div className="flex flex-col gap-6">
            <FormAlert tone="success">
              {state.signedIn ? t`Your e-mail address is verified. Thank you!` : t`Your e-mail address is verified. Thank you! Sign in to carry on.`}
            </FormAlert>
            <Button asChild size="large">
              {state.signedIn ? (
                <Link to="/$locale/member/campaigns" params={{ locale }}>
                  {t`Go to my campaigns`}
                </Link>
              ) : (
                <Link to="/$locale/user/login" params={{ locale }}>
                  {t`Sign in`}
                </Link>
              )}
            </Button>
          </div>
        )}
        {typeof state === 'object' && 'failure' in state && <FormAlert>{state.failure}</FormAlert>}
      </div>
    </>
  )
}

/**
 * A sign-in link arrives here when the action URL points at this page: its own page completes it,
 * given the link whole (its code left this page's address, and leaves that one's as soon as read).
 */
function ForwardSignInLink() {
  const { t } = useLingui()
  useEffect(() => {
    const link = takeSecretAddress() ?? new URL(window.location.href)
    forgetSecretAddress()
    window.location.replace(`${localePath('/user/verify-email-login', localeOf(window.location.pathname))}${link.search}`)
  }, [])
  return (
    <p className="flex items-center gap-3 text-muted" aria-live="polite">
      <Spinner />
      {t`Checking your sign-in link…`}
    </p>
  )
}

/** Confirms a new e-mail address, or restores the previous one; either way the member signs in again. */
function CompleteEmailChange({ oobCode, mode }: { oobCode: string; mode: 'recoverEmail' | 'verifyAndChangeEmail' }) {
  const locale = useLocale()
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [state, setState] = useState<'working' | 'done' | { failure: string }>('working')
  useOnce(
    () => applyEmailChange(queryClient, oobCode),
    (outcome) => {
      if (outcome.ok) forgetSecretAddress()
      setState(outcome.ok ? 'done' : { failure: i18n._(accountFailureMessage[outcome.failure]) })
    },
  )
  return (
    <>
      <h1 className="text-2xl font-bold text-authentic">{mode === 'recoverEmail' ? t`Restore your e-mail address` : t`Confirm your new e-mail address`}</h1>
      <div className="mt-6 flex flex-col gap-6" aria-live="polite">
        {state === 'working' && (
          <p className="flex items-center gap-3 text-muted">
            <Spinner />
            {t`Confirming your e-mail address…`}
          </p>
        )}
        {state === 'done' && (
          <>
            <FormAlert tone="success">
              {mode === 'recoverEmail'
                ? t`Your previous e-mail address is back. If you did not ask for the change, choose a new password too.`
                : t`Your new e-mail address is confirmed.`}
            </FormAlert>
            <Button asChild size="large">
              <Link to="/$locale/user/login" params={{ locale }}>
                {t`Sign in`}
              </Link>
            </Button>
          </>
        )}
        {typeof state === 'object' && <FormAlert>{state.failure}</FormAlert>}
      </div>
    </>
  )
}

function ChooseNewPassword({ oobCode }: { oobCode: string }) {
  const locale = useLocale()
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [result, setResult] = useState<{ tone: 'error' | 'success'; text: string } | null>(null)

  const form = useAppForm({
    defaultValues: { password: '' },
    validators: { onSubmit: NewPasswordSchema },
    onSubmit: async ({ value }) => {
      const outcome = await resetPassword(queryClient, oobCode, v.parse(NewPasswordSchema, value).password)
      // The code is spent: a reload no longer offers the form with it.
      if (outcome.ok) forgetSecretAddress()
      setResult(
        outcome.ok
          ? { tone: 'success', text: t`Your new password is saved. You can sign in with it now.` }
          : { tone: 'error', text: i18n._(accountFailureMessage[outcome.failure]) },
      )
    },
  })

  return (
    <>
      <h1 className="text-2xl font-bold text-authentic">{t`Choose a new password`}</h1>
      <ContractForm form={form} label={t`Choose a new password`} className="mt-6 flex flex-col gap-5">
        {result && <FormAlert tone={result.tone}>{result.text}</FormAlert>}
        <form.AppField name="password">
          {(field) => (
            <field.TextInput
              label={t`New password`}
              type="password"
              autoComplete="new-password"
              description={<PasswordRules password={field.state.value} />}
              invalid={i18n._(passwordRulesUnmet)}
            />
          )}
        </form.AppField>
        <form.SubmitButton size="large">{t`Save my new password`}</form.SubmitButton>
        {result?.tone === 'success' && (
          <Link to="/$locale/user/login" params={{ locale }} className="font-semibold text-colbolt underline">
            {t`Sign in`}
          </Link>
        )}
      </ContractForm>
    </>
  )
}
