import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import * as v from 'valibot'
import { register } from '~/auth/account-actions'
import { FormAlert } from '~/components/ui/field'
import { ContractForm, useAppForm } from '~/lib/contract-form'
import { accountFailureMessage } from '~/auth/account-messages'
import {
  RegisterSchema,
  displayNameInvalid,
  emailInvalid,
  firstNameMissing,
  lastNameMissing,
  nameInvalid,
  passwordRulesUnmet,
  referralCodeInvalid,
  termsNotAccepted,
} from './account-schemas'
import { AuthCard } from './auth-card'
import { PasswordRules } from './password-rules'
import { checkReferralCodeFn, createMemberFn } from '~/features/account/account.functions'
import { useBotToken } from '~/lib/bot-protection'
import { useLocale } from '~/lib/locale'
import { botCheckFailedMessage } from '~/upstream/apply-effect'

export function RegisterForm({ redirect, referralCode: invitedWith }: { redirect?: string; referralCode?: string }) {
  const locale = useLocale()
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [failure, setFailure] = useState<string | null>(null)
  const botToken = useBotToken()
  // The bot check refused the member record after the Firebase account was made: the next submit
  // asks for the record again instead of making the account a second time.
  const [accountMade, setAccountMade] = useState(false)

  const form = useAppForm({
    defaultValues: {
      firstName: '',
      lastName: '',
      displayName: '',
      email: '',
      password: '',
      acceptTerms: false as boolean,
      referralCode: invitedWith ?? '',
    },
    validators: { onSubmit: RegisterSchema },
    // A new attempt replaces the last one's failure, even one the schema stops.
    onSubmitInvalid: () => setFailure(null),
    onSubmit: async ({ value, formApi }) => {
      setFailure(null)
      const checked = v.parse(RegisterSchema, value)
      const { referralCode, firstName, lastName, displayName } = checked
      // The referral code is checked before the account exists, so a typo costs nothing; the check
      // is silent, its answer is said under the field.
      if (referralCode) {
        const check = await checkReferralCodeFn({ data: { code: referralCode } })
        if (!check.ok || !check.data.valid) {
          const text = check.ok
            ? t`We do not know this referral code. Check it with your friend, or leave the field empty.`
            : t`We could not check the referral code just now. Try again, or leave the field empty.`
          formApi.setFieldMeta('referralCode', (previous) => ({ ...previous, errorMap: { ...previous.errorMap, onServer: text } }))
          return
        }
      }
      // Asked for before the account is made: without a token (the provider could not be reached) the
      // member record would be refused, so nothing is made.
      const token = await botToken('register')
      if (!token) return setFailure(i18n._(botCheckFailedMessage))
      if (!accountMade) {
        const outcome = await register(queryClient, checked)
        if (!outcome.ok) return setFailure(i18n._(accountFailureMessage[outcome.failure]))
      }
      // The member record; if the member API is away, it is created on the member's first visit.
      const created = await createMemberFn({ data: { firstName, lastName, displayName, ...(referralCode ? { referralCode } : {}), botToken: token } }).catch(
        () => null,
      )
      if (created && !created.ok && created.failure.kind === 'bot-check-failed') {
        setAccountMade(true)
        return setFailure(i18n._(botCheckFailedMessage))
      }
      await navigate({ to: '/$locale/member/verifications/EmailVerification', params: { locale }, search: { redirect }, replace: true })
    },
  })

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
      <ContractForm form={form} label={t`Join Testers Circle`} className="flex flex-col gap-5">
        {failure && <FormAlert>{failure}</FormAlert>}
        <div className="grid gap-5 sm:grid-cols-2">
          <form.AppField name="firstName">
            {(field) => (
              <field.TextInput label={t`First name`} autoComplete="given-name" invalid={i18n._(nameInvalid(field.state.value, firstNameMissing))} required />
            )}
          </form.AppField>
          <form.AppField name="lastName">
            {(field) => (
              <field.TextInput label={t`Last name`} autoComplete="family-name" invalid={i18n._(nameInvalid(field.state.value, lastNameMissing))} required />
            )}
          </form.AppField>
        </div>
        <form.AppField name="displayName">
          {(field) => (
            <field.TextInput
              label={t`Display name`}
              autoComplete="nickname"
              description={t`Shown with your reviews. Use your first name or a nickname.`}
              invalid={i18n._(displayNameInvalid(field.state.value))}
              required
            />
          )}
        </form.AppField>
        <form.AppField name="email">
          {(field) => (
            <field.TextInput label={t`E-mail address`} type="email" autoComplete="email" invalid={i18n._(emailInvalid(field.state.value))} required />
          )}
        </form.AppField>
        <form.AppField name="password">
          {(field) => (
            <field.TextInput
              label={t`Password`}
              type="password"
              autoComplete="new-password"
              description={<PasswordRules password={field.state.value} />}
              invalid={i18n._(passwordRulesUnmet)}
              required
            />
          )}
        </form.AppField>
        <form.AppField name="referralCode">
          {(field) => (
            <field.TextInput
              label={t`Referral code (optional)`}
              autoComplete="off"
              description={t`If a friend invited you, enter their code: they earn points when you finish your first test.`}
              invalid={i18n._(referralCodeInvalid)}
            />
          )}
        </form.AppField>
        <form.AppField name="acceptTerms">
          {(field) => (
            <field.CheckboxInput
              invalid={i18n._(termsNotAccepted)}
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
          )}
        </form.AppField>
        <form.SubmitButton size="large">{t`Create my account`}</form.SubmitButton>
      </ContractForm>
    </AuthCard>
  )
}
