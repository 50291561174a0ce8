import { useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import * as v from 'valibot'
import type { ENDPOINTS } from '#contract/endpoints'
import { RecoveryCodeSchema, type SecondFactor, type SecondFactorStatus, type TotpEnrolment } from '#contract/second-factor'
import { useRecentSignIn } from '~/auth/use-recent-sign-in'
import { safeRedirectTarget } from '~/auth/redirect-target'
import { Button } from '~/components/ui/button'
import { FormAlert } from '~/components/ui/field'
import { feedback } from '~/components/ui/feedback-store'
import { ContractForm, showFieldMessage, useAppForm } from '~/lib/contract-form'
import { formatDate } from '~/lib/date-format'
import { refusalOf, type UpstreamFailure } from '~/upstream/upstream-result'
import {
  confirmTotpFn,
  passkeyChallengeFn,
  passkeyRegistrationOptionsFn,
  registerPasskeyFn,
  removeSecondFactorFn,
  replaceRecoveryCodesFn,
  startTotpFn,
  verifySecondFactorFn,
} from './second-factor.functions'
import { secondFactorStatusQuery } from './second-factor.queries'
import { useSuspenseQueryData } from '~/lib/query-data'

const CodeSchema = v.strictObject({
  code: v.pipe(
    v.string(),
    v.transform((typed) => typed.replace(/\s/g, '')),
    v.regex(/^\d{6}$/),
  ),
})
const RecoverySchema = v.strictObject({ code: RecoveryCodeSchema })
const EnrolSchema = v.strictObject({
  code: CodeSchema.entries.code,
  label: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(60)),
})

/** What a refused code means, in the page's words. */
function codeRefusal(failure: UpstreamFailure, i18n: { _: (m: ReturnType<typeof msg>) => string }): string {
  const reason = refusalOf<typeof ENDPOINTS.verifySecondFactor>(failure)
  if (reason?.code === 'wrong-code') {
    const left = reason.triesLeft
    return i18n._(msg`This code is not right. ${left} more tries before you have to wait.`)
  }
  if (reason?.code === 'code-used') return i18n._(msg`This code was used already. Wait for the next one in your app.`)
  if (failure.kind === 'unavailable' && failure.httpStatus === 429) return i18n._(msg`Too many wrong codes. Wait 15 minutes, then try again.`)
  return i18n._(msg`We could not check the code just now. Please try again in a moment.`)
}

/**
 * Two-step sign-in: passing a second factor for this browser session, enrolling one, and managing
 * them. Staff and brand users are sent here by their pages when the member API asks for a factor;
 * members come from their account pages. After passing, the person goes back where they were.
 */
export function SecondFactorPage({ redirect }: { redirect?: string }) {
  const { t } = useLingui()
  const status = useSuspenseQueryData(secondFactorStatusQuery)
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null)

  async function passed() {
    await queryClient.invalidateQueries({ queryKey: ['member'] })
    if (redirect) await navigate({ href: safeRedirectTarget(redirect), replace: true })
  }

  if (recoveryCodes) return <RecoveryCodesShown codes={recoveryCodes} onDone={() => void passed().then(() => setRecoveryCodes(null))} />

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-12">
      <h1 className="text-3xl font-bold text-authentic">{t`Two-step sign-in`}</h1>
      {status.factors.length === 0 ? (
        <>
          <p className="text-ink">
            {status.required
              ? t`The console and the brand pages hold members' personal data, so they ask for a second step after your password: a code from an authenticator app on your phone, or a passkey. Set one up to continue.`
              : t`Protect your account with a second step after your password: a code from an authenticator app on your phone, or a passkey.`}
          </p>
          <Enrol status={status} onEnrolled={(codes) => (codes ? setRecoveryCodes(codes) : void passed())} />
        </>
      ) : !status.passed ? (
        <Challenge status={status} onPassed={() => void passed()} />
      ) : (
        <Manage status={status} redirect={redirect} onEnrolled={(codes) => (codes ? setRecoveryCodes(codes) : void passed())} />
      )}
    </div>
  )
}

function Challenge({ status, onPassed }: { status: SecondFactorStatus; onPassed: () => void }) {
  const { t, i18n } = useLingui()
  // First the person's own factors (a passkey, an authenticator app); a recovery code when asked for.
  const [method, setMethod] = useState<'factor' | 'recovery'>('factor')
  const hasAuthenticator = status.factors.some((f) => f.kind === 'totp')
  const [passkeyProblem, setPasskeyProblem] = useState<string | null>(null)
  const [usingPasskey, setUsingPasskey] = useState(false)
  const hasPasskey = status.factors.some((f) => f.kind === 'passkey')

  const codeForm = useAppForm({
    defaultValues: { code: '' },
    validators: { onSubmit: CodeSchema },
    onSubmit: async ({ value, formApi }) => {
      const result = await verifySecondFactorFn({ data: { method: 'totp', code: value.code } })
      if (!result.ok) return showFieldMessage(formApi, 'code', codeRefusal(result.failure, i18n))
      onPassed()
    },
  })
  const recoveryForm = useAppForm({
    defaultValues: { code: '' },
    validators: { onSubmit: RecoverySchema },
    onSubmit: async ({ value, formApi }) => {
      const result = await verifySecondFactorFn({ data: { method: 'recovery', code: value.code } })
      if (!result.ok) return showFieldMessage(formApi, 'code', codeRefusal(result.failure, i18n))
      if (result.data.recoveryCodesLeft <= 2) {
        const left = result.data.recoveryCodesLeft
        feedback.toast({ severity: 'warn', summary: t`Few recovery codes left`, detail: t`${left} left. Make a new set on this page.` })
      }
      onPassed()
    },
  })

  async function signWithPasskey() {
    setUsingPasskey(true)
    setPasskeyProblem(null)
    try {
      const options = await passkeyChallengeFn()
      if (!options.ok) return setPasskeyProblem(t`We could not start the passkey check. Please try again.`)
      const { startAuthentication } = await import('@simplewebauthn/browser')
      const answer = await startAuthentication({ optionsJSON: JSON.parse(options.data.options) }).catch(() => null)
      if (!answer) return setPasskeyProblem(t`The passkey was not used. Try again, or use another way below.`)
      const result = await verifySecondFactorFn({ data: { method: 'passkey', response: JSON.stringify(answer) } })
      if (!result.ok) return setPasskeyProblem(t`This passkey was not accepted. Try again, or use another way below.`)
      onPassed()
    } finally {
      setUsingPasskey(false)
    }
  }

  return (
    <>
      <p className="text-ink">{t`Confirm it's you with your second step. You are asked once each time you sign in.`}</p>
      {method === 'factor' && hasPasskey && (
        <div className="flex flex-col items-start gap-3">
          <Button size="large" loading={usingPasskey} onClick={() => void signWithPasskey()}>
            {t`Use a passkey`}
          </Button>
          {passkeyProblem && <FormAlert>{passkeyProblem}</FormAlert>}
        </div>
      )}
      {method === 'factor' ? (
        hasAuthenticator && (
          <ContractForm form={codeForm} label={t`Confirm it's you with your authenticator app`} className="flex flex-col gap-5">
            <codeForm.AppField name="code">
              {(field) => <field.CodeInput label={t`Code from your authenticator app`} invalid={t`Enter the 6 digits your app shows.`} />}
            </codeForm.AppField>
            <div>
              <codeForm.SubmitButton size="large">{t`Continue`}</codeForm.SubmitButton>
            </div>
          </ContractForm>
        )
      ) : (
        <ContractForm form={recoveryForm} label={t`Confirm it's you with a recovery code`} className="flex flex-col gap-5">
          <recoveryForm.AppField name="code">
            {(field) => (
              <field.TextInput
                label={t`Recovery code`}
                autoComplete="off"
                spellCheck={false}
                maxLength={12}
                invalid={t`Enter one of your recovery codes, like abcde-23456.`}
              />
            )}
          </recoveryForm.AppField>
          <div>
            <recoveryForm.SubmitButton size="large">{t`Continue`}</recoveryForm.SubmitButton>
          </div>
        </ContractForm>
      )}
      <div>
        {method === 'factor' ? (
          <Button variant="text" severity="info" onClick={() => setMethod('recovery')}>
            {t`Use a recovery code instead`}
          </Button>
        ) : (
          <Button variant="text" severity="info" onClick={() => setMethod('factor')}>
            {hasAuthenticator ? t`Use your authenticator app instead` : t`Use your passkey instead`}
          </Button>
        )}
      </div>
      <p className="text-sm text-muted">{t`Lost your phone and your recovery codes? An admin can reset your second step; you then set up a new one.`}</p>
    </>
  )
}

/** Adding a factor: an authenticator app (its secret, then its first code) or a passkey. Both need a recent sign-in. */
function Enrol({ status, onEnrolled }: { status: SecondFactorStatus; onEnrolled: (recoveryCodes: string[] | null) => void }) {
  const { t, i18n } = useLingui()
  const { guard, dialog } = useRecentSignIn()
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState<'totp' | 'passkey' | null>(null)

  const confirmForm = useAppForm({
    defaultValues: { code: '', label: t`Authenticator app` },
    validators: { onSubmit: EnrolSchema },
    onSubmit: async ({ value, formApi }) => {
      if (!enrolment) return
      const result = await guard(() => confirmTotpFn({ data: { factorId: enrolment.factorId, code: value.code, label: value.label } }))
      if (!result.ok) return showFieldMessage(formApi, 'code', codeRefusal(result.failure, i18n))
      onEnrolled(result.data.recoveryCodes)
    },
  })

  async function startTotp() {
    setBusy('totp')
    setProblem(null)
    try {
      const started = await guard(() => startTotpFn())
      if (!started.ok) return setProblem(enrolRefusal(started.failure))
      setEnrolment(started.data)
    } finally {
      setBusy(null)
    }
  }

  async function addPasskey() {
    setBusy('passkey')
    setProblem(null)
    try {
      const options = await guard(() => passkeyRegistrationOptionsFn())
      if (!options.ok) return setProblem(enrolRefusal(options.failure))
      const { startRegistration } = await import('@simplewebauthn/browser')
      const created = await startRegistration({ optionsJSON: JSON.parse(options.data.options) }).catch(() => null)
      if (!created) return setProblem(t`No passkey was made. Try again, or set up an authenticator app.`)
      const result = await guard(() => registerPasskeyFn({ data: { response: JSON.stringify(created), label: t`Passkey` } }))
      if (!result.ok) return setProblem(t`This passkey was not accepted. Try again, or set up an authenticator app.`)
      onEnrolled(result.data.recoveryCodes)
    } finally {
      setBusy(null)
    }
  }

  function enrolRefusal(failure: UpstreamFailure): string {
    if (refusalOf<typeof ENDPOINTS.startTotp>(failure)?.code === 'too-many-factors')
      return t`You have as many second steps as an account may hold. Remove one first.`
    if (failure.kind === 'reauth-required') return t`Nothing was changed: confirm it's you to add a second step.`
    return t`We could not start this just now. Please try again in a moment.`
  }

  return (
    <section aria-labelledby="enrol-heading" className="flex flex-col gap-4">
      {dialog}
      <h2 id="enrol-heading" className="text-xl font-semibold text-ink">
        {status.factors.length === 0 ? t`Set up your second step` : t`Add another second step`}
      </h2>
      {problem && <FormAlert>{problem}</FormAlert>}
      {!enrolment ? (
        <div className="flex flex-wrap gap-3">
          <Button size="large" loading={busy === 'totp'} disabled={busy !== null} onClick={() => void startTotp()}>
            {t`Set up an authenticator app`}
          </Button>
          <Button size="large" variant="outlined" loading={busy === 'passkey'} disabled={busy !== null} onClick={() => void addPasskey()}>
            {t`Add a passkey`}
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <ol className="list-decimal space-y-2 pl-6 text-ink">
            <li>
              {t`In your authenticator app (for example Google Authenticator, Microsoft Authenticator or 1Password), add an account by its setup key:`}{' '}
              <code className="rounded bg-lavender px-2 py-1 font-mono text-base tracking-wider break-all">
                {enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}
              </code>{' '}
              <a href={enrolment.otpauthUri} className="font-semibold text-colbolt underline">
                {t`Or open it in the app on this device`}
              </a>
            </li>
            <li>{t`Enter the 6-digit code the app shows for Testers Circle.`}</li>
          </ol>
          <ContractForm form={confirmForm} label={t`Confirm your authenticator app`} className="flex flex-col gap-5">
            <confirmForm.AppField name="code">
              {(field) => <field.CodeInput label={t`Code from your authenticator app`} invalid={t`Enter the 6 digits your app shows.`} />}
            </confirmForm.AppField>
            <confirmForm.AppField name="label">
              {(field) => <field.TextInput label={t`Name it`} maxLength={60} autoComplete="off" invalid={t`Give it a name of up to 60 characters.`} />}
            </confirmForm.AppField>
            <div>
              <confirmForm.SubmitButton size="large">{t`Turn on two-step sign-in`}</confirmForm.SubmitButton>
            </div>
          </ContractForm>
        </div>
      )}
    </section>
  )
}

function RecoveryCodesShown({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useLingui()
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-12">
      <h1 className="text-3xl font-bold text-authentic">{t`Your recovery codes`}</h1>
      <FormAlert tone="info">
        {t`Keep these codes somewhere safe, away from your phone. Each one works once, in place of your second step, if you lose your phone or passkey. They are shown only now.`}
      </FormAlert>
      <ul className="grid grid-cols-2 gap-2 font-mono text-lg text-ink" aria-label={t`Recovery codes`}>
        {codes.map((code) => (
          <li key={code} className="rounded bg-lavender px-3 py-2 tracking-wider">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button variant="outlined" onClick={() => void navigator.clipboard?.writeText(codes.join('\n'))}>
          {t`Copy the codes`}
        </Button>
        <Button size="large" onClick={onDone}>
          {t`I have saved my codes`}
        </Button>
      </div>
    </div>
  )
}

function FactorRow({ factor, onRemove, removing }: { factor: SecondFactor; onRemove: () => void; removing: boolean }) {
  const { t } = useLingui()
  const added = formatDate(factor.createdAt)
  const used = factor.lastUsedAt ? formatDate(factor.lastUsedAt) : null
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line bg-white p-4">
      <div>
        <p className="font-semibold text-ink">{factor.label}</p>
        <p className="text-sm text-muted">
          {factor.kind === 'totp' ? t`Authenticator app` : t`Passkey`} · {t`Added ${added}`}
          {used ? ` · ${t`Last used ${used}`}` : ''}
        </p>
      </div>
      <Button variant="outlined" severity="danger" loading={removing} onClick={onRemove} aria-label={t`Remove ${factor.label}`}>
        {t`Remove`}
      </Button>
    </li>
  )
}

function Manage({ status, redirect, onEnrolled }: { status: SecondFactorStatus; redirect?: string; onEnrolled: (codes: string[] | null) => void }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { guard, dialog } = useRecentSignIn()
  const [removing, setRemoving] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [newCodes, setNewCodes] = useState<string[] | null>(null)

  async function remove(factor: SecondFactor) {
    setRemoving(factor.id)
    setProblem(null)
    try {
      const result = await guard(() => removeSecondFactorFn({ data: { factorId: factor.id } }))
      if (!result.ok) {
        const last = refusalOf<typeof ENDPOINTS.removeSecondFactor>(result.failure)?.code === 'last-second-factor'
        return setProblem(
          last
            ? t`Your account needs a second step: add another before removing this one.`
            : result.failure.kind === 'reauth-required'
              ? t`Nothing was changed.`
              : t`We could not remove it just now. Please try again in a moment.`,
        )
      }
      queryClient.setQueryData(secondFactorStatusQuery.queryKey, result.data)
      feedback.toast({ severity: 'success', summary: t`Removed`, detail: t`${factor.label} no longer signs you in.` })
    } finally {
      setRemoving(null)
    }
  }

  async function renewCodes() {
    const result = await guard(() => replaceRecoveryCodesFn())
    if (!result.ok)
      return setProblem(result.failure.kind === 'reauth-required' ? t`Nothing was changed.` : t`We could not make new codes just now. Please try again.`)
    setNewCodes(result.data.recoveryCodes)
  }

  if (newCodes)
    return (
      <RecoveryCodesShown
        codes={newCodes}
        onDone={() => {
          setNewCodes(null)
          void queryClient.invalidateQueries({ queryKey: secondFactorStatusQuery.queryKey })
        }}
      />
    )

  const left = status.recoveryCodesLeft
  return (
    <>
      {dialog}
      <FormAlert tone="success">{t`Two-step sign-in is on for your account, and this browser has passed it.`}</FormAlert>
      {redirect && (
        <div>
          <Button size="large" onClick={() => void navigate({ href: safeRedirectTarget(redirect), replace: true })}>
            {t`Continue`}
          </Button>
        </div>
      )}
      {problem && <FormAlert>{problem}</FormAlert>}
      <section aria-labelledby="factors-heading" className="flex flex-col gap-3">
        <h2 id="factors-heading" className="text-xl font-semibold text-ink">
          {t`Your second steps`}
        </h2>
        <ul className="flex flex-col gap-3">
          {status.factors.map((factor) => (
            <FactorRow key={factor.id} factor={factor} removing={removing === factor.id} onRemove={() => void remove(factor)} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="recovery-heading" className="flex flex-col items-start gap-3">
        <h2 id="recovery-heading" className="text-xl font-semibold text-ink">
          {t`Recovery codes`}
        </h2>
        <p className="text-ink">{t`${left} of your recovery codes are left.`}</p>
        <Button variant="outlined" onClick={() => void renewCodes()}>
          {t`Make new recovery codes`}
        </Button>
      </section>
      <Enrol status={status} onEnrolled={onEnrolled} />
    </>
  )
}
