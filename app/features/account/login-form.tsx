import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useState, type FormEvent } from 'react'
import { requestPasswordReset, sendSignInLink, signInWithPassword, signOut } from '~/auth/account-actions'
import { safeRedirectTarget } from '~/auth/redirect-target'
import { Button } from '~/components/ui/button'
import { FormAlert, TextField } from '~/components/ui/field'
import { formValues, validateForm, type FieldErrors } from '~/lib/form'
import { accountFailureMessage } from '~/auth/account-messages'
import { emailOnlySchema, signInSchema } from './account-schemas'
import { botCheckFailedMessage, showSessionExpiredToast } from '~/upstream/apply-effect'
import { AuthCard } from './auth-card'
import { checkSignInLinkFn } from './account.functions'
import { useBotToken } from '~/lib/bot-protection'
import { useLocale } from '~/lib/locale'

type Mode = 'password' | 'reset' | 'link'

export function LoginForm({ redirect, sessionExpired = false }: { redirect?: string; sessionExpired?: boolean }) {
  const locale = useLocale()
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [mode, setMode] = useState<Mode>('password')
  const [busy, setBusy] = useState(false)
  const [errors, setErrors] = useState<FieldErrors>({})
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
  // The e-mail is shared by the three ways in, so switching keeps what the member typed.
  const [email, setEmail] = useState('')

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    setAlert(null)
    const values = formValues(event.currentTarget)
    if (mode === 'password') {
      const checked = validateForm(signInSchema(i18n), values)
      setErrors(checked.ok ? {} : checked.fieldErrors)
      if (!checked.ok) return
      setBusy(true)
      const outcome = await signInWithPassword(queryClient, checked.data.email, checked.data.password)
      setBusy(false)
      if (!outcome.ok) return setAlert({ tone: 'error', text: i18n._(accountFailureMessage[outcome.failure]) })
      await navigate({ href: safeRedirectTarget(redirect), replace: true })
      return
    }
    const checked = validateForm(emailOnlySchema(i18n), values)
    setErrors(checked.ok ? {} : checked.fieldErrors)
    if (!checked.ok) return
    setBusy(true)
    if (mode === 'link') {
      // Firebase sends the link: the member API's bot check comes first, and a refusal sends nothing.
      const check = await checkSignInLinkFn({ data: { botToken: await botToken('signin_link') } }).catch(() => null)
      if (!check?.ok) {
        setBusy(false)
        const refused = check?.failure.kind === 'bot-check-failed'
        return setAlert({ tone: 'error', text: i18n._(refused ? botCheckFailedMessage : accountFailureMessage.network) })
      }
    }
    const outcome = mode === 'reset' ? await requestPasswordReset(queryClient, checked.data.email) : await sendSignInLink(queryClient, checked.data.email)
    setBusy(false)
    if (!outcome.ok) return setAlert({ tone: 'error', text: i18n._(accountFailureMessage[outcome.failure]) })
    setAlert({
      tone: 'success',
      text:
        mode === 'reset'
          ? t`If an account uses this address, we have sent it a link to choose a new password. It is valid for one hour.`
          : t`If an account uses this address, we have sent it a sign-in link. Open it on this device to sign in.`,
    })
  }

  const switchTo = (next: Mode) => {
    setMode(next)
    setErrors({})
    setAlert(null)
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
      <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-label={title}>
        {alert && <FormAlert tone={alert.tone}>{alert.text}</FormAlert>}
        <TextField
          label={t`E-mail address`}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
          required
        />
        {mode === 'password' && (
          <TextField label={t`Password`} name="password" type="password" autoComplete="current-password" error={errors.password} required />
        )}
        <Button type="submit" size="large" loading={busy}>
          {mode === 'password' ? t`Sign in` : mode === 'reset' ? t`Send the reset link` : t`Send the sign-in link`}
        </Button>
      </form>
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
