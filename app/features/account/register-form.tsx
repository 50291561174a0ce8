import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { register } from '~/auth/account-actions'
import { Button } from '~/components/ui/button'
import { CheckboxField, FormAlert, TextField } from '~/components/ui/field'
import { formValues, validateForm, type FieldErrors } from '~/lib/form'
import { accountFailureMessage } from '~/auth/account-messages'
import { registerSchema } from './account-schemas'
import { AuthCard } from './auth-card'
import { NewPasswordField } from './password-rules'
import { checkReferralCodeFn, createMemberFn } from '~/features/account/account.functions'
import { useBotToken } from '~/lib/bot-protection'
import { useLocale } from '~/lib/locale'
import { botCheckFailedMessage } from '~/upstream/apply-effect'

export function RegisterForm({ redirect, referralCode: invitedWith }: { redirect?: string; referralCode?: string }) {
  const locale = useLocale()
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const botToken = useBotToken()
  // The bot check refused the member record after the Firebase account was made: the next submit
  // asks for the record again instead of making the account a second time.
  const [accountMade, setAccountMade] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    setFailure(null)
    const checked = validateForm(registerSchema(i18n), formValues(event.currentTarget))
    setErrors(checked.ok ? {} : checked.fieldErrors)
    if (!checked.ok) return
    setBusy(true)
    const { referralCode, firstName, lastName, displayName } = checked.data
    // The referral code is checked before the account exists, so a typo costs nothing.
    if (referralCode) {
      const check = await checkReferralCodeFn({ data: { code: referralCode } })
      if (!check.ok || !check.data.valid) {
        setBusy(false)
        setErrors({
          referralCode: check.ok
            ? t`We do not know this referral code. Check it with your friend, or leave the field empty.`
            : t`We could not check the referral code just now. Try again, or leave the field empty.`,
        })
        return
      }
    }
    // Asked for before the account is made: without a token (the provider could not be reached) the
    // member record would be refused, so nothing is made.
    const token = await botToken('register')
    if (!token) {
      setBusy(false)
      return setFailure(i18n._(botCheckFailedMessage))
    }
    if (!accountMade) {
      const outcome = await register(queryClient, checked.data)
      if (!outcome.ok) {
        setBusy(false)
        return setFailure(i18n._(accountFailureMessage[outcome.failure]))
      }
    }
    // The member record; if the member API is away, it is created on the member's first visit.
    const created = await createMemberFn({ data: { firstName, lastName, displayName, ...(referralCode ? { referralCode } : {}), botToken: token } }).catch(
      () => null,
    )
    setBusy(false)
    if (created && !created.ok && created.failure.kind === 'bot-check-failed') {
      setAccountMade(true)
      return setFailure(i18n._(botCheckFailedMessage))
    }
    await navigate({ to: '/$locale/member/verifications/EmailVerification', params: { locale }, search: { redirect }, replace: true })
  }

  return (
    <AuthCard
      title={t`Join Testers Circle`}
      intro={t`Create your free account to apply for product tests, earn points and share your opinion.`}
      footer={
        <Trans>
          Already a member?{' '}
          <Link to="/$locale/user/login" params={{ locale }} search={{ redirect }} className="font-semibold text-colbolt underline">
            Sign in
          </Link>
        </Trans>
      }
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-label={t`Join Testers Circle`}>
        {failure && <FormAlert>{failure}</FormAlert>}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label={t`First name`} name="firstName" autoComplete="given-name" error={errors.firstName} required />
          <TextField label={t`Last name`} name="lastName" autoComplete="family-name" error={errors.lastName} required />
        </div>
        <TextField
          label={t`Display name`}
          name="displayName"
          autoComplete="nickname"
          description={t`Shown with your reviews. Use your first name or a nickname.`}
          error={errors.displayName}
          required
        />
        <TextField label={t`E-mail address`} name="email" type="email" autoComplete="email" error={errors.email} required />
        <NewPasswordField label={t`Password`} error={errors.password} required />
        <TextField
          label={t`Referral code (optional)`}
          name="referralCode"
          defaultValue={invitedWith}
          autoComplete="off"
          description={t`If a friend invited you, enter their code: they earn points when you finish your first test.`}
          error={errors.referralCode}
        />
        <CheckboxField
          name="acceptTerms"
          error={errors.acceptTerms}
          label={
            <Trans>
              I accept the{' '}
              <Link to="/$locale/legal" params={{ locale }} hash="terms" className="font-semibold text-colbolt underline">
                terms of use
              </Link>{' '}
              and have read the{' '}
              <Link to="/$locale/legal" params={{ locale }} hash="privacy" className="font-semibold text-colbolt underline">
                privacy notice
              </Link>
              .
            </Trans>
          }
        />
        <Button type="submit" size="large" loading={busy}>
          {t`Create my account`}
        </Button>
      </form>
    </AuthCard>
  )
}
