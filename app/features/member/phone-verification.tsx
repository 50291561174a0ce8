import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link, useLocation, useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { SHIPPING_COUNTRIES } from '#contract/common'
import type { PHONE_INVALID_REASONS } from '#contract/otp'
import { OTP_TTL_MINUTES } from '#contract/otp'
import { refreshSession } from '~/auth/account-actions'
import { safeRedirectTarget } from '~/auth/redirect-target'
import { viewerQuery } from '~/auth/viewer'
import { Button } from '~/components/ui/button'
import { feedback } from '~/components/ui/feedback-store'
import { FormAlert, SelectField, TextField } from '~/components/ui/field'
import { isRecentSignInRefusal, useRecentSignIn } from '~/auth/use-recent-sign-in'
import { changePhoneFn, sendPhoneCodeFn, validatePhoneFn, verifyPhoneCodeFn } from '~/features/member/phone.functions'
import { isUpstreamError, unwrap } from '~/upstream/upstream-result'
import { sendFailureMessage, verifyFailureMessage } from './otp-messages'
import { memberInfoQuery } from '~/lib/member-data/member-data.queries'
import { localePath, useLocale } from '~/lib/locale'
import { CodeSent } from '~/components/member/code-sent'
import { useBotToken } from '~/lib/bot-protection'

const invalidMessage: Record<(typeof PHONE_INVALID_REASONS)[number], MessageDescriptor> = {
  format: msg`This does not look like a phone number of the chosen country. Check the digits, or choose another country.`,
  'not-mobile': msg`We send the code by text message: enter a mobile number.`,
  'in-use': msg`This number belongs to another account.`,
  unchanged: msg`This number is already verified on your account.`,
}

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
  const locale = useLocale()
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const here = useLocation({ select: (location) => location.href })
  const { data } = useSuspenseQuery(memberInfoQuery)
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  const botToken = useBotToken()
  const countryNames = new Intl.DisplayNames([i18n.locale], { type: 'region' })

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const form = new FormData(event.currentTarget)
    const phone = String(form.get('phone') ?? '').trim()
    const country = String(form.get('country') ?? '')
    if (!phone) {
      setError(t`Enter your mobile number.`)
      return
    }
    setBusy(true)
    try {
      const checked = await validatePhoneFn({ data: { phone, country } })
      if (!checked.ok) {
        setError(i18n._(msg`We could not check this number just now. Please try again in a moment.`))
        return
      }
      if (!checked.data.valid || !checked.data.e164) {
        setError(i18n._(invalidMessage[checked.data.reason ?? 'format']))
        return
      }
      const sent = await sendPhoneCodeFn({ data: { phone: checked.data.e164, botToken: await botToken('otp_send') } })
      if (!sent.ok) {
        setError(i18n._(sendFailureMessage(sent.failure, 'sms')))
        return
      }
      setError(undefined)
      await navigate({ to: '/$locale/user/verify-phone', params: { locale }, search: { phone: checked.data.e164, redirect } })
    } finally {
      setBusy(false)
    }
  }

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
        <form noValidate onSubmit={submit} className="grid gap-5 sm:grid-cols-2" aria-label={t`Phone verification`}>
          <SelectField
            label={t`Country`}
            name="country"
            autoComplete="tel-country-code"
            defaultValue={address?.country ?? ''}
            options={SHIPPING_COUNTRIES.map((code) => ({ value: code, label: countryNames.of(code) ?? code }))}
          />
          <TextField
            label={t`Mobile number`}
            name="phone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            // A number on the account that is not verified yet is the one to verify, unless the member types another.
            defaultValue={current && !member.phoneVerified ? current : undefined}
            error={error}
            description={t`We send a 6-digit code to this number by text message. It is valid for ${OTP_TTL_MINUTES} minutes.`}
          />
          <div className="sm:col-span-2">
            <Button type="submit" size="large" loading={busy}>
              {t`Send me a code`}
            </Button>
          </div>
        </form>
      ) : (
        <VerifyEmailFirst back={here} />
      )}
    </div>
  )
}

/** /en/user/verify-phone?phone=…: the code from the text message makes the number the member's. */
export function PhoneCodeForm({ phone, redirect }: { phone: string; redirect?: string }) {
  const locale = useLocale()
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { data: viewer } = useQuery(viewerQuery)
  const [error, setError] = useState<string | undefined>()
  const [notice, setNotice] = useState<string | undefined>()
  const [busy, setBusy] = useState<'verify' | 'resend' | null>(null)
  const botToken = useBotToken()
  // The change needs a recent sign-in: the guard asks for the password when the member API wants
  // one and retries it. Its other refusals go through the error catalogue (a 409 opens the dialog).
  const { guard, dialog } = useRecentSignIn()
  const change = useMutation({ mutationFn: async () => unwrap(await guard(() => changePhoneFn({ data: { phone } }))) })
  const back = `${localePath('/user/verify-phone', locale)}?${new URLSearchParams({ phone, ...(redirect ? { redirect } : {}) }).toString()}`
  const emailUnverified = viewer?.signedIn === true && !viewer.emailVerified

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

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const code = String(new FormData(event.currentTarget).get('code') ?? '').replace(/\s+/g, '')
    if (!/^\d{6}$/.test(code)) {
      setError(t`Enter the 6 digits from the text message.`)
      return
    }
    setBusy('verify')
    setNotice(undefined)
    try {
      const verified = await verifyPhoneCodeFn({ data: { phone, code } })
      if (!verified.ok) {
        setError(i18n._(verifyFailureMessage(verified.failure, 'sms')))
        return
      }
      setError(undefined)
      await change.mutateAsync()
      // The member API set the phoneVerified claim: a fresh token and session carry it.
      await refreshSession(queryClient)
      await queryClient.invalidateQueries({ queryKey: ['member'] })
      feedback.toast({ severity: 'success', summary: t`Phone verified`, detail: t`${phone} is now your verified number.` })
      await navigate({ href: redirect ? safeRedirectTarget(redirect) : localePath('/member/phone', locale), replace: true })
    } catch (error) {
      // Not confirmed that it is them: nothing was changed, and the code stays in the field.
      if (isUpstreamError(error) && isRecentSignInRefusal(error.failure)) setNotice(t`Nothing was changed: your number is not confirmed yet.`)
      // Anything else the catalogue has shown; the code stays in the field.
    } finally {
      setBusy(null)
    }
  }

  async function resend() {
    if (busy) return
    setBusy('resend')
    try {
      const sent = await sendPhoneCodeFn({ data: { phone, botToken: await botToken('otp_send') } })
      if (sent.ok) {
        setError(undefined)
        setNotice(t`We sent a new code to ${sent.data.sentTo}. Only the newest code works.`)
      } else {
        setNotice(undefined)
        setError(i18n._(sendFailureMessage(sent.failure, 'sms')))
      }
    } finally {
      setBusy(null)
    }
  }

  return (
    <div className="space-y-5">
      {dialog}
      <CodeSent to={phone} notice={notice} />
      <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-label={t`Confirm your number`}>
        <TextField label={t`Code`} name="code" autoComplete="one-time-code" inputMode="numeric" maxLength={7} error={error} />
        <Button type="submit" size="large" loading={busy === 'verify'}>
          {t`Confirm my number`}
        </Button>
      </form>
      {/* A new code cannot be sent while the e-mail address is not verified: the page says why instead. */}
      {emailUnverified && <VerifyEmailFirst back={back} />}
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        {!emailUnverified && (
          <Button variant="text" severity="info" loading={busy === 'resend'} onClick={() => void resend()}>
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
