import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { resetPassword, verifyEmail } from '~/auth/account-actions'
import { viewerQuery } from '~/auth/viewer'
import { Button } from '~/components/ui/button'
import { FormAlert, TextField } from '~/components/ui/field'
import { Spinner } from '~/components/ui/spinner'
import { formValues, validateForm, type FieldErrors } from '~/lib/form'
import { accountFailureMessage } from './account-messages'
import { newPasswordSchema } from './account-schemas'
import { PasswordRules } from './password-rules'

/**
 * The action handler for links in Firebase's e-mails (spec: /user/verify-email): it completes an
 * e-mail verification, or lets the member choose a new password.
 */
export function VerifyEmailPage({ mode, oobCode }: { mode?: string; oobCode?: string }) {
  const { t } = useLingui()
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
  return mode === 'resetPassword' ? <ChooseNewPassword oobCode={oobCode} /> : <CompleteVerification oobCode={oobCode} />
}

function CompleteVerification({ oobCode }: { oobCode: string }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const { data: viewer } = useQuery(viewerQuery)
  const [state, setState] = useState<'working' | 'done' | { failure: string }>('working')
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    void verifyEmail(queryClient, oobCode).then((outcome) => setState(outcome.ok ? 'done' : { failure: i18n._(accountFailureMessage[outcome.failure]) }))
  }, [queryClient, oobCode, i18n])

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
        {state === 'done' && (
          <div className="flex flex-col gap-6">
            <FormAlert tone="success">{t`Your e-mail address is verified. Thank you!`}</FormAlert>
            <Button asChild size="large">
              {viewer?.signedIn ? (
                <Link to="/$locale/member/campaigns" params={{ locale: 'en' }}>
                  {t`Go to my campaigns`}
                </Link>
              ) : (
                <Link to="/$locale/user/login" params={{ locale: 'en' }}>
                  {t`Sign in`}
                </Link>
              )}
            </Button>
          </div>
        )}
        {typeof state === 'object' && <FormAlert>{state.failure}</FormAlert>}
      </div>
    </>
  )
}

function ChooseNewPassword({ oobCode }: { oobCode: string }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<{ tone: 'error' | 'success'; text: string } | null>(null)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const checked = validateForm(newPasswordSchema(i18n), formValues(event.currentTarget))
    setErrors(checked.ok ? {} : checked.fieldErrors)
    if (!checked.ok) return
    setBusy(true)
    const outcome = await resetPassword(queryClient, oobCode, checked.data.password)
    setBusy(false)
    setResult(outcome.ok ? { tone: 'success', text: t`Your new password is saved. You can sign in with it now.` } : { tone: 'error', text: i18n._(accountFailureMessage[outcome.failure]) })
  }

  return (
    <>
      <h1 className="text-2xl font-bold text-authentic">{t`Choose a new password`}</h1>
      <form noValidate onSubmit={submit} className="mt-6 flex flex-col gap-5" aria-label={t`Choose a new password`}>
        {result && <FormAlert tone={result.tone}>{result.text}</FormAlert>}
        <TextField
          label={t`New password`}
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          description={<PasswordRules password={password} />}
          error={errors.password}
        />
        <Button type="submit" size="large" loading={busy}>
          {t`Save my new password`}
        </Button>
        {result?.tone === 'success' && (
          <Link to="/$locale/user/login" params={{ locale: 'en' }} className="font-semibold text-colbolt underline">
            {t`Sign in`}
          </Link>
        )}
      </form>
    </>
  )
}
