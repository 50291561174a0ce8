import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import * as v from 'valibot'
import { completeSignInLink, isSignInLink, rememberedLinkEmail } from '~/auth/account-actions'
import { AFTER_SIGN_IN } from '~/auth/redirect-target'
import { FormAlert } from '~/components/ui/field'
import { Spinner } from '~/components/ui/spinner'
import { ContractForm, useAppForm } from '~/lib/contract-form'
import { accountFailureMessage } from '~/auth/account-messages'
import { EmailOnlySchema, emailInvalid } from './account-schemas'
import { AuthCard } from './auth-card'
import { useLocale } from '~/lib/locale'
import { forgetSecretAddress, takeSecretAddress } from '~/lib/address-secrets'

type State = 'checking' | 'needs-email' | 'signing-in' | 'not-a-link' | { failure: string }

/**
 * Completes a sign-in from an e-mail link (/user/verify-email-login, blank layout, no guard). The
 * link is read whole when the page opens, and its code then leaves the address bar.
 */
export function VerifyEmailLoginPage() {
  const locale = useLocale()
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [state, setState] = useState<State>('checking')
  const started = useRef(false)
  const link = useRef<string | null>(null)

  async function complete(email: string) {
    setState('signing-in')
    const outcome = await completeSignInLink(queryClient, email, link.current ?? window.location.href)
    if (outcome.ok) {
      forgetSecretAddress()
      await navigate({ href: AFTER_SIGN_IN, replace: true })
    } else setState({ failure: i18n._(accountFailureMessage[outcome.failure]) })
  }

  useEffect(() => {
    if (started.current) return
    started.current = true
    link.current = (takeSecretAddress() ?? new URL(window.location.href)).href
    void (async () => {
      if (!(await isSignInLink(queryClient, link.current!))) return setState('not-a-link')
      const email = rememberedLinkEmail()
      if (email) await complete(email)
      else setState('needs-email')
    })()
  })

  const form = useAppForm({
    defaultValues: { email: '' },
    validators: { onSubmit: EmailOnlySchema },
    // The page shows its progress in place of the form from here on.
    onSubmit: ({ value }) => void complete(v.parse(EmailOnlySchema, value).email),
  })

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
          <ContractForm form={form} label={t`Confirm your e-mail address`} className="flex flex-col gap-5">
            <p className="text-muted">{t`You opened the link on another device or browser. Confirm the e-mail address it was sent to.`}</p>
            <form.AppField name="email">
              {(field) => <field.TextInput label={t`E-mail address`} type="email" autoComplete="email" invalid={i18n._(emailInvalid(field.state.value))} />}
            </form.AppField>
            <form.SubmitButton size="large">{t`Sign in`}</form.SubmitButton>
          </ContractForm>
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
