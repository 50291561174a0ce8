import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { completeSignInLink, isSignInLink, rememberedLinkEmail } from '~/auth/account-actions'
import { AFTER_SIGN_IN } from '~/auth/redirect-target'
import { Button } from '~/components/ui/button'
import { FormAlert, TextField } from '~/components/ui/field'
import { Spinner } from '~/components/ui/spinner'
import { formValues, validateForm, type FieldErrors } from '~/lib/form'
import { accountFailureMessage } from '~/auth/account-messages'
import { emailOnlySchema } from './account-schemas'
import { AuthCard } from './auth-card'
import { useLocale } from '~/lib/locale'

type State = 'checking' | 'needs-email' | 'signing-in' | 'not-a-link' | { failure: string }

/** Completes a sign-in from an e-mail link (/user/verify-email-login, blank layout, no guard). */
export function VerifyEmailLoginPage() {
  const locale = useLocale()
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [state, setState] = useState<State>('checking')
  const [errors, setErrors] = useState<FieldErrors>({})
  const started = useRef(false)

  async function complete(email: string) {
    setState('signing-in')
    const outcome = await completeSignInLink(queryClient, email, window.location.href)
    if (outcome.ok) await navigate({ href: AFTER_SIGN_IN, replace: true })
    else setState({ failure: i18n._(accountFailureMessage[outcome.failure]) })
  }

  useEffect(() => {
    if (started.current) return
    started.current = true
    void (async () => {
      if (!(await isSignInLink(queryClient, window.location.href))) return setState('not-a-link')
      const email = rememberedLinkEmail()
      if (email) await complete(email)
      else setState('needs-email')
    })()
  })

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const checked = validateForm(emailOnlySchema(i18n), formValues(event.currentTarget))
    setErrors(checked.ok ? {} : checked.fieldErrors)
    if (checked.ok) void complete(checked.data.email)
  }

  return (
    <AuthCard title={t`Signing you in`}>
      <div aria-live="polite">
        {(state === 'checking' || state === 'signing-in') && (
          <p className="flex items-center gap-3 text-muted">
            <Spinner />
            {t`Checking your sign-in link…`}
          </p>
        )}
        {state === 'needs-email' && (
          <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-label={t`Confirm your e-mail address`}>
            <p className="text-muted">{t`You opened the link on another device or browser. Confirm the e-mail address it was sent to.`}</p>
            <TextField label={t`E-mail address`} name="email" type="email" autoComplete="email" error={errors.email} />
            <Button type="submit" size="large">
              {t`Sign in`}
            </Button>
          </form>
        )}
        {state === 'not-a-link' && (
          <FormAlert tone="info">
            <Trans>
              This page completes a sign-in link from your e-mail, and this address is not one.{' '}
              <Link to="/$locale/user/login" params={{ locale }} className="font-semibold underline">
                Sign in here
              </Link>
              .
            </Trans>
          </FormAlert>
        )}
        {typeof state === 'object' && (
          <FormAlert>
            {state.failure}{' '}
            <Link to="/$locale/user/login" params={{ locale }} className="font-semibold underline">
              {t`Back to sign-in`}
            </Link>
          </FormAlert>
        )}
      </div>
    </AuthCard>
  )
}
