import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import * as v from 'valibot'
import { requestPasswordReset, sendSignInLink, signInWithPassword, signOut } from '~/auth/account-actions'
import { safeRedirectTarget } from '~/auth/redirect-target'
import { FormAlert } from '~/components/ui/field'
import { ContractForm, useAppForm } from '~/lib/contract-form'
import { accountFailureMessage } from '~/auth/account-messages'
import { EmailOnlySchema, SignInSchema, emailInvalid, passwordMissing } from './account-schemas'
import { botCheckFailedMessage, showSessionExpiredToast } from '~/upstream/apply-effect'
import { AuthCard } from './auth-card'
import { checkSignInLinkFn } from './account.functions'
import { useBotToken } from '~/lib/bot-protection'
import { useLocale } from '~/lib/locale'

type Mode = 'password' | 'reset' | 'link'

/** The reset and link modes check the e-mail alone: the password field is not shown then. */
const EmailModeSchema = v.object({ ...EmailOnlySchema.entries, password: v.string() })

type LoginValues = { email: string; password: string }

export function LoginForm({ redirect, sessionExpired = false }: { redirect?: string; sessionExpired?: boolean }) {
  const locale = useLocale()
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [mode, setMode] = useState<Mode>('password')
  const [alert, setAlert] = useState<{ tone: 'error' | 'success'; text: string } | null>(null)
  const botToken = useBotToken()
  // The session ended while a page was rendered on the server: the server has cleared its cookie;
  // the browser does the rest of the catalogue's 401 row (toast, Firebase signed out, store and
  // member data cleared), so it does not quietly open a new session with the old sign-in.
  useEffect(() => {
    if (!sessionExpired) return
    // The toast after signing out, which clears what is on screen.
    void signOut(queryClient).finally(showSessionExpiredToast)
  }, [sessionExpired, queryClient])
  // The e-mail is shared by the three ways in, so switching keeps what the member typed; the
  // password is asked for by one of them only.
  const schema: v.GenericSchema<LoginValues> = mode === 'password' ? SignInSchema : EmailModeSchema
  const form = useAppForm({
    defaultValues: { email: '', password: '' } as LoginValues,
    validators: { onSubmit: schema },
    // A new attempt replaces the last one's outcome, even one the schema stops.
    onSubmitInvalid: () => setAlert(null),
    onSubmit: async ({ value }) => {
      setAlert(null)
      if (mode === 'password') {
        const { email, password } = v.parse(SignInSchema, value)
        const outcome = await signInWithPassword(queryClient, email, password)
        if (!outcome.ok) return setAlert({ tone: 'error', text: i18n._(accountFailureMessage[outcome.failure]) })
        await navigate({ href: safeRedirectTarget(redirect), replace: true })
        return
      }
      const { email } = v.parse(EmailModeSchema, value)
      if (mode === 'link') {
        // Firebase sends the link: the member API's bot check comes first, and a refusal sends nothing.
        const check = await checkSignInLinkFn({ data: { botToken: await botToken('signin_link') } }).catch(() => null)
        if (!check?.ok) {
          const refused = check?.failure.kind === 'bot-check-failed'
          return setAlert({ tone: 'error', text: i18n._(refused ? botCheckFailedMessage : accountFailureMessage.network) })
        }
      }
      const outcome = mode === 'reset' ? await requestPasswordReset(queryClient, email) : await sendSignInLink(queryClient, email)
      if (!outcome.ok) return setAlert({ tone: 'error', text: i18n._(accountFailureMessage[outcome.failure]) })
      setAlert({
        tone: 'success',
        text:
          mode === 'reset'
            ? t`If an account uses this address, we have sent it a link to choose a new password. It is valid for one hour.`
            : t`If an account uses this address, we have sent it a sign-in link. Open it on this device to sign in.`,
      })
    },
  })

  /** Another way in: the e-mail stays, the password and every message go. */
  const switchTo = (next: Mode) => {
    setMode(next)
    setAlert(null)
    form.resetField('password')
    form.setFieldMeta('email', (previous) => ({ ...previous, errorMap: {} }))
  }

  const title = mode === 'password' ? t`Sign in` : mode === 'reset' ? t`Reset your password` : t`Sign in with an e-mail link`
  const intro =
    mode === 'password'
      ? t`Welcome back. Sign in to see your campaigns, shipments and points.`
      : mode === 'reset'
        ? t`Enter the e-mail address of your account and we will send you a link to choose a new password.`
        : t`Enter the e-mail address of your account and we will send you a link that signs you in.`

  return (
    <AuthCard
      title={title}
      intro={intro}
      footer={
        <Trans>
          New to Testers Circle?{' '}
          <Link to="/$locale/user/register" params={{ locale }} search={{ redirect }} className="font-semibold text-colbolt underline">
            Join for free
          </Link>
        </Trans>
      }
    >
      <ContractForm form={form} label={title} className="flex flex-col gap-5">
        {alert && <FormAlert tone={alert.tone}>{alert.text}</FormAlert>}
        <form.AppField name="email">
          {(field) => (
            <field.TextInput label={t`E-mail address`} type="email" autoComplete="email" invalid={i18n._(emailInvalid(field.state.value))} required />
          )}
        </form.AppField>
        {mode === 'password' && (
          <form.AppField name="password">
            {(field) => <field.TextInput label={t`Password`} type="password" autoComplete="current-password" invalid={i18n._(passwordMissing)} required />}
          </form.AppField>
        )}
        <form.SubmitButton size="large">
          {mode === 'password' ? t`Sign in` : mode === 'reset' ? t`Send the reset link` : t`Send the sign-in link`}
        </form.SubmitButton>
      </ContractForm>
      <div className="mt-6 flex flex-col items-start gap-2 text-sm">
        {mode !== 'password' && (
          <button type="button" className="font-semibold text-colbolt underline" onClick={() => switchTo('password')}>
            {t`Sign in with your password`}
          </button>
        )}
        {mode !== 'reset' && (
          <button type="button" className="font-semibold text-colbolt underline" onClick={() => switchTo('reset')}>
            {t`Forgot your password?`}
          </button>
        )}
        {mode !== 'link' && (
          <button type="button" className="font-semibold text-colbolt underline" onClick={() => switchTo('link')}>
            {t`E-mail me a sign-in link instead`}
          </button>
        )}
      </div>
    </AuthCard>
  )
}
