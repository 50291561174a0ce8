import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useLocation, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import * as v from 'valibot'
import { SHIPPING_COUNTRIES, type Country } from '#contract/common'
import type { PHONE_INVALID_REASONS } from '#contract/otp'
import { OTP_TTL_MINUTES, PhoneOtpSendBodySchema, PhoneOtpVerifyBodySchema } from '#contract/otp'
import { refreshSession } from '~/auth/account-actions'
import { safeRedirectTarget } from '~/auth/redirect-target'
import { viewerQuery } from '~/auth/viewer'
import { Button } from '~/components/ui/button'
import { feedback } from '~/components/ui/feedback-store'
import { FormAlert } from '~/components/ui/field'
import { ContractForm, showFieldMessage, useAppForm } from '~/lib/contract-form'
import { isRecentSignInRefusal, useRecentSignIn } from '~/auth/use-recent-sign-in'
import { changePhoneFn, sendPhoneCodeFn, validatePhoneFn, verifyPhoneCodeFn } from '~/features/member/phone.functions'
import { isUpstreamError, unwrap } from '~/upstream/upstream-result'
import { sendFailureMessage, verifyFailureMessage } from './otp-messages'
import { memberInfoQuery } from '~/lib/member-data/member-data.queries'
import { localePath, useLocale } from '~/lib/locale'
import { CodeSent } from '~/components/member/code-sent'
import { useBotToken } from '~/lib/bot-protection'
import { useSuspenseQueryData } from '~/lib/query-data'

const invalidMessage: Record<(typeof PHONE_INVALID_REASONS)[number], MessageDescriptor> = {
  format: msg`This does not look like a phone number of the chosen country. Check the digits, or choose another country.`,
  'not-mobile': msg`We send the code by text message: enter a mobile number.`,
  'in-use': msg`This number belongs to another account.`,
  unchanged: msg`This number is already verified on your account.`,
}

/** The code as the contract takes it, from what was typed: a space in it ("123 456") is left out. */
const CodeFormSchema = v.strictObject({
  code: v.pipe(
    v.string(),
    v.transform((text) => text.replace(/\s+/g, '')),
    PhoneOtpVerifyBodySchema.entries.code,
  ),
})

/**
 * Codes by text message go only to members whose e-mail address is verified (the member API refuses
 * a send for anyone else): the phone pages say so before the member tries, and link to the page
 * where the address is verified, which offers the way back to `back`.
 */
function VerifyEmailFirst({ back }: { back: string }) {
  const locale = useLocale()
  return (
    <FormAlert tone="info">
      <Trans>
        We send codes by text message only to members who have verified their e-mail address.{' '}
        <Link
          to="/$locale/member/verifications/EmailVerification"
          params={{ locale }}
          search={{ redirect: back }}
          className="font-semibold text-colbolt underline"
        >
          Verify your e-mail address
        </Link>
        , then come back to this page.
      </Trans>
    </FormAlert>
  )
}

/**
 * /en/member/phone: the member's number and the first step of verifying a new one. `showStatus`
 * false: the page shows the number's state itself (MobileVerifications). While the member's e-mail
 * address is not verified (as the member API knows it) no code can be sent: the page says why
 * instead of offering the form.
 */
export function PhoneNumberForm({ redirect, showStatus = true }: { redirect?: string; showStatus?: boolean }) {
  const here = useLocation({ select: (location) => location.href })
  const { t } = useLingui()
  const data = useSuspenseQueryData(memberInfoQuery)
  const { member, address } = data
  const current = member.phone
  return (
    <div className="max-w-2xl space-y-8">
      {showStatus &&
        (current && member.phoneVerified ? (
          <FormAlert tone="success">{t`Your verified number is ${current}. You can replace it with another one below.`}</FormAlert>
        ) : (
          <FormAlert tone="info">{t`You have no verified phone number yet. Some tests are only open to members with one.`}</FormAlert>
        ))}
      {member.emailVerified ? (
        <PhoneNumberEditor
          // A number on the account that is not verified yet is the one to verify, unless the member types another.
          phone={current && !member.phoneVerified ? current : ''}
          // The country of the address (the first we ship to, while there is none) reads a national number.
          country={address?.country ?? SHIPPING_COUNTRIES[0]}
          redirect={redirect}
        />
      ) : (
        <VerifyEmailFirst back={here} />
      )}
    </div>
  )
}

function PhoneNumberEditor({ phone, country, redirect }: { phone: string; country: Country; redirect?: string }) {
  const locale = useLocale()
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const botToken = useBotToken()
  const countryNames = new Intl.DisplayNames([i18n.locale], { type: 'region' })

  const form = useAppForm({
    defaultValues: { country, phone } as v.InferInput<typeof PhoneOtpSendBodySchema>,
    validators: { onSubmit: PhoneOtpSendBodySchema },
    onSubmit: async ({ value, formApi }) => {
      // The check and the send are silent: what they say goes under the number.
      const refuse = (message: MessageDescriptor) => showFieldMessage(formApi, 'phone', i18n._(message))
      const checked = await validatePhoneFn({ data: { phone: value.phone.trim(), country: value.country } })
      if (!checked.ok) return refuse(msg`We could not check this number just now. Please try again in a moment.`)
      if (!checked.data.valid || !checked.data.e164) return refuse(invalidMessage[checked.data.reason ?? 'format'])
      const sent = await sendPhoneCodeFn({ data: { phone: checked.data.e164, botToken: await botToken('otp_send') } })
      if (!sent.ok) return refuse(sendFailureMessage(sent.failure, 'sms'))
      await navigate({ to: '/$locale/user/verify-phone', params: { locale }, search: { phone: checked.data.e164, redirect } })
    },
  })

  return (
    <ContractForm form={form} label={t`Phone verification`} className="grid gap-5 sm:grid-cols-2">
      <form.AppField name="country">
        {(field) => (
          <field.SelectInput
            label={t`Country`}
            autoComplete="tel-country-code"
            invalid={t`Choose the country of your number.`}
            options={SHIPPING_COUNTRIES.map((code) => ({ value: code, label: countryNames.of(code) ?? code }))}
          />
        )}
      </form.AppField>
      <form.AppField name="phone">
        {(field) => (
          <field.TextInput
            label={t`Mobile number`}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            invalid={t`Enter your mobile number.`}
            description={t`We send a 6-digit code to this number by text message. It is valid for ${OTP_TTL_MINUTES} minutes.`}
          />
        )}
      </form.AppField>
      <div className="sm:col-span-2">
        <form.SubmitButton size="large">{t`Send me a code`}</form.SubmitButton>
      </div>
    </ContractForm>
  )
}

/** /en/user/verify-phone?phone=…: the code from the text message makes the number the member's. */
export function PhoneCodeForm({ phone, redirect }: { phone: string; redirect?: string }) {
  const locale = useLocale()
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { data: viewer } = useQuery(viewerQuery)
  const [notice, setNotice] = useState<string | undefined>()
  const [resending, setResending] = useState(false)
  const botToken = useBotToken()
  // The change needs a recent sign-in: the guard asks for the password when the member API wants
  // one and retries it. Its other refusals go through the error catalogue (a 409 opens the dialog).
  const { guard, dialog } = useRecentSignIn()
  const change = useMutation({ mutationFn: async () => unwrap(await guard(() => changePhoneFn({ data: { phone } }))) })
  const back = `${localePath('/user/verify-phone', locale)}?${new URLSearchParams({ phone, ...(redirect ? { redirect } : {}) }).toString()}`
  const emailUnverified = viewer?.signedIn === true && !viewer.emailVerified

  const form = useAppForm({
    defaultValues: { code: '' },
    validators: { onSubmit: CodeFormSchema },
    onSubmit: async ({ value, formApi }) => {
      setNotice(undefined)
      // The code's check is silent: what it says goes under the code.
      const verified = await verifyPhoneCodeFn({ data: { phone, code: v.parse(CodeFormSchema, value).code } })
      if (!verified.ok) return showFieldMessage(formApi, 'code', i18n._(verifyFailureMessage(verified.failure, 'sms')))
      try {
        await change.mutateAsync()
      } catch (error) {
        // Not confirmed that it is them: nothing was changed, and the code stays in the field.
        if (isUpstreamError(error) && isRecentSignInRefusal(error.failure)) setNotice(t`Nothing was changed: your number is not confirmed yet.`)
        // Anything else the catalogue has shown; the code stays in the field.
        return
      }
      // The member API set the phoneVerified claim: a fresh token and session carry it.
      await refreshSession(queryClient)
      await queryClient.invalidateQueries({ queryKey: ['member'] })
      feedback.toast({ severity: 'success', summary: t`Phone verified`, detail: t`${phone} is now your verified number.` })
      await navigate({ href: redirect ? safeRedirectTarget(redirect) : localePath('/member/phone', locale), replace: true })
    },
  })

  if (viewer && !viewer.signedIn) {
    return (
      <FormAlert tone="info">
        <Trans>
          Sign in to confirm your number.{' '}
          <Link to="/$locale/user/login" params={{ locale }} search={{ redirect: back }} className="font-semibold text-colbolt underline">
            Sign in
          </Link>
        </Trans>
      </FormAlert>
    )
  }

  async function resend() {
    if (resending || form.state.isSubmitting) return
    setResending(true)
    try {
      const sent = await sendPhoneCodeFn({ data: { phone, botToken: await botToken('otp_send') } })
      if (sent.ok) {
        showFieldMessage(form, 'code', undefined)
        setNotice(t`We sent a new code to ${sent.data.sentTo}. Only the newest code works.`)
      } else {
        setNotice(undefined)
        showFieldMessage(form, 'code', i18n._(sendFailureMessage(sent.failure, 'sms')))
      }
    } finally {
      setResending(false)
    }
  }

  return (
    <div className="space-y-5">
      {dialog}
      <CodeSent to={phone} notice={notice} />
      <ContractForm form={form} label={t`Confirm your number`} className="flex flex-col gap-5">
        <form.AppField name="code">{(field) => <field.CodeInput label={t`Code`} invalid={t`Enter the 6 digits from the text message.`} />}</form.AppField>
        <form.SubmitButton size="large">{t`Confirm my number`}</form.SubmitButton>
      </ContractForm>
      {/* A new code cannot be sent while the e-mail address is not verified: the page says why instead. */}
      {emailUnverified && <VerifyEmailFirst back={back} />}
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        {!emailUnverified && (
          <Button variant="text" severity="info" loading={resending} onClick={() => void resend()}>
            {t`Send a new code`}
          </Button>
        )}
        <Link to="/$locale/member/phone" params={{ locale }} search={{ redirect }} className="font-semibold text-colbolt underline">
          {t`Use another number`}
        </Link>
      </div>
    </div>
  )
}
