import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import * as v from 'valibot'
import type { ENDPOINTS } from '#contract/endpoints'
import type { EMAIL_INVALID_REASONS } from '#contract/otp'
import { EmailOtpSendBodySchema, EmailOtpVerifyBodySchema, OTP_TTL_MINUTES } from '#contract/otp'
import { continueWithSignInToken, signOut } from '~/auth/account-actions'
import { safeRedirectTarget } from '~/auth/redirect-target'
import { Button } from '~/components/ui/button'
import { feedback } from '~/components/ui/feedback-store'
import { FormAlert } from '~/components/ui/field'
import { isRecentSignInRefusal, useRecentSignIn } from '~/auth/use-recent-sign-in'
import { ContractForm, showFieldMessage, useAppForm } from '~/lib/contract-form'
import { changeEmailFn, sendEmailCodeFn, validateEmailFn, verifyEmailCodeFn } from '~/features/member/email.functions'
import { isUpstreamError, refusalOf, unwrap } from '~/upstream/upstream-result'
import { sendFailureMessage, verifyFailureMessage } from './otp-messages'
import { memberInfoQuery } from '~/lib/member-data/member-data.queries'
import { useLocale } from '~/lib/locale'
import { CodeSent } from '~/components/member/code-sent'
import { useBotToken } from '~/lib/bot-protection'

const invalidMessage: Record<(typeof EMAIL_INVALID_REASONS)[number], MessageDescriptor> = {
  format: msg`Enter a complete e-mail address, like name@example.com.`,
  'in-use': msg`Another account already uses this address.`,
  unchanged: msg`This is already your e-mail address.`,
}

/** The code step checks the code alone; the address is the one the code was sent to. */
const CodeSchema = v.pick(EmailOtpVerifyBodySchema, ['code'])

type Step =
  | { step: 'address' }
  | { step: 'code'; email: string; sentTo: string }
  /** `signedIn` false: the session could not be carried over, the member signs in with the new address. */
  | { step: 'done'; email: string; previous: string | null; signedIn: boolean }

/**
 * /en/member/email: a new address is checked, confirmed with a code sent to it, then becomes the
 * member's (in Firebase too). Nothing changes until the code is confirmed; every refusal leaves
 * what was typed in place.
 */
export function EmailChange({ redirect }: { redirect?: string }) {
  const locale = useLocale()
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [state, setState] = useState<Step>({ step: 'address' })
  // Signed out after the change (no token to carry the session over): nothing asks for member data
  // any more, which would be refused and read as an expired session.
  const signedOut = state.step === 'done' && !state.signedIn
  const { data, isPending, isError } = useQuery({ ...memberInfoQuery, enabled: !signedOut })
  const [notice, setNotice] = useState<string | undefined>()
  const [resending, setResending] = useState(false)
  const codeInput = useRef<HTMLDivElement>(null)
  const botToken = useBotToken()
  // The address the open code was sent to, read by the code form's submit.
  const target = useRef<string | null>(null)
  // A change of address needs a recent sign-in: the guard asks for the password when the member API
  // wants one, and retries the change (the confirmed code stays valid meanwhile).
  const { guard, dialog } = useRecentSignIn()
  // The change's other refusals go through the error catalogue (a 409 opens the dialog with the
  // server's sentence). It revokes the member's earlier tokens and session, so the session is carried
  // over within the mutation, before anything reacts to its success with a call of its own.
  const change = useMutation({
    mutationFn: async (email: string): Promise<{ signedIn: boolean }> => {
      const changed = unwrap(await guard(() => changeEmailFn({ data: { email } })))
      const continued = changed.signInToken ? await continueWithSignInToken(queryClient, changed.signInToken) : null
      if (continued?.ok) return { signedIn: true }
      await signOut(queryClient)
      return { signedIn: false }
    },
  })

  const addressForm = useAppForm({
    defaultValues: { email: '' },
    validators: { onSubmit: EmailOtpSendBodySchema },
    onSubmit: async ({ value, formApi }) => {
      const refuse = (message: MessageDescriptor) => showFieldMessage(formApi, 'email', i18n._(message))
      const email = value.email.trim().toLowerCase()
      const checked = await validateEmailFn({ data: { email } })
      if (!checked.ok) return refuse(msg`We could not check this address just now. Please try again in a moment.`)
      if (!checked.data.valid) return refuse(invalidMessage[checked.data.reason ?? 'format'])
      const sent = await sendEmailCodeFn({ data: { email: checked.data.email, botToken: await botToken('otp_send') } })
      if (!sent.ok) {
        // Another account may have taken the address since it was checked.
        return refuse(
          refusalOf<typeof ENDPOINTS.emailOtpSend>(sent.failure)?.code === 'in-use' ? invalidMessage['in-use'] : sendFailureMessage(sent.failure, 'email'),
        )
      }
      setNotice(undefined)
      codeForm.reset()
      target.current = checked.data.email
      setState({ step: 'code', email: checked.data.email, sentTo: sent.data.sentTo })
      // The new step's first field takes the focus, so keyboard and screen reader users land on it.
      requestAnimationFrame(() => codeInput.current?.querySelector('input')?.focus())
    },
  })

  const codeForm = useAppForm({
    defaultValues: { code: '' },
    validators: { onSubmit: CodeSchema },
    onSubmit: async ({ value, formApi }) => {
      const email = target.current
      if (!email) return
      const refuse = (message: MessageDescriptor) => showFieldMessage(formApi, 'code', i18n._(message))
      const verified = await verifyEmailCodeFn({ data: { email, code: value.code.trim() } })
      if (!verified.ok) return refuse(verifyFailureMessage(verified.failure, 'email'))
      setNotice(undefined)
      const previous = data?.member.email ?? null
      let outcome
      try {
        outcome = await change.mutateAsync(email)
      } catch (error) {
        // Not confirmed that it is them: nothing was changed, and the code stays in the field for another go.
        if (isUpstreamError(error) && isRecentSignInRefusal(error.failure))
          setNotice(previous ? t`Nothing was changed: we still write to ${previous}.` : t`Nothing was changed.`)
        // Anything else the catalogue has answered; nothing was changed either.
        return
      }
      if (!outcome.signedIn) {
        setState({ step: 'done', email, previous, signedIn: false })
        return
      }
      await queryClient.invalidateQueries({ queryKey: ['member'] })
      if (redirect) {
        feedback.toast({ severity: 'success', summary: t`E-mail address changed`, detail: t`We now write to ${email}.` })
        await navigate({ href: safeRedirectTarget(redirect), replace: true })
        return
      }
      setState({ step: 'done', email, previous, signedIn: true })
    },
  })

  async function resend() {
    if (state.step !== 'code' || resending) return
    setResending(true)
    try {
      const sent = await sendEmailCodeFn({ data: { email: state.email, botToken: await botToken('otp_send') } })
      if (sent.ok) {
        showFieldMessage(codeForm, 'code', undefined)
        setNotice(t`We sent a new code to ${sent.data.sentTo}. Only the newest code works.`)
      } else {
        setNotice(undefined)
        showFieldMessage(codeForm, 'code', i18n._(sendFailureMessage(sent.failure, 'email')))
      }
    } finally {
      setResending(false)
    }
  }

  function chooseAnotherAddress() {
    setNotice(undefined)
    setState({ step: 'address' })
  }

  if (isPending && !signedOut) return <p className="text-muted">{t`Loading your e-mail address…`}</p>
  if (isError) return <FormAlert>{t`We could not load your e-mail address. Please try again in a moment.`}</FormAlert>

  if (state.step === 'done') {
    const { email, previous } = state
    return (
      <div className="max-w-2xl space-y-5" aria-live="polite">
        <FormAlert tone="success">
          {previous ? t`Your e-mail address is now ${email}. We sent a note about the change to ${previous}.` : t`Your e-mail address is now ${email}.`}
        </FormAlert>
        {state.signedIn ? (
          <Button asChild variant="outlined">
            <Link to="/$locale/member/verifications/EmailVerification" params={{ locale }}>
              {t`See my e-mail address`}
            </Link>
          </Button>
        ) : (
          <p className="text-ink">
            <Trans>
              For your security you were signed out.{' '}
              <Link to="/$locale/user/login" params={{ locale }} className="font-semibold text-colbolt underline">
                Sign in with your new address
              </Link>{' '}
              to continue.
            </Trans>
          </p>
        )}
      </div>
    )
  }

  const current = data?.member.email
  return (
    <div className="max-w-2xl space-y-6">
      {dialog}
      {current && <FormAlert tone="info">{t`We write to ${current} now.`}</FormAlert>}
      {state.step === 'address' ? (
        <ContractForm form={addressForm} label={t`Change your e-mail address`} className="flex flex-col gap-5">
          <addressForm.AppField name="email">
            {(field) => (
              <field.TextInput
                label={t`New e-mail address`}
                type="email"
                autoComplete="email"
                inputMode="email"
                maxLength={254}
                invalid={i18n._(invalidMessage.format)}
                description={t`We send a 6-digit code to this address. It is valid for ${OTP_TTL_MINUTES} minutes.`}
              />
            )}
          </addressForm.AppField>
          <div>
            <addressForm.SubmitButton size="large">{t`Send me a code`}</addressForm.SubmitButton>
          </div>
        </ContractForm>
      ) : (
        <div className="space-y-5">
          <CodeSent to={state.sentTo} notice={notice} />
          <ContractForm form={codeForm} label={t`Confirm your new address`} className="flex flex-col gap-5">
            <div ref={codeInput}>
              <codeForm.AppField name="code">
                {(field) => <field.CodeInput label={t`Code`} invalid={t`Enter the 6 digits from the e-mail.`} />}
              </codeForm.AppField>
            </div>
            <div>
              <codeForm.SubmitButton size="large">{t`Confirm my new address`}</codeForm.SubmitButton>
            </div>
          </ContractForm>
          <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
            <Button variant="text" severity="info" loading={resending} onClick={() => void resend()}>
              {t`Send a new code`}
            </Button>
            <Button variant="text" severity="info" onClick={chooseAnotherAddress}>
              {t`Use another address`}
            </Button>
          </div>
        </div>
      )}
    </div>
  )
}
