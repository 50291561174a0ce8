import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { CheckCircle2, Clock, XCircle } from 'lucide-react'
import { useEffect, useRef } from 'react'
import * as v from 'valibot'
import type { Address } from '#contract/address'
import type { CampaignDetail, Flight, ScreenerQuestion } from '#contract/campaigns'
import { ScreenerAnswerSchema, type Participation, type ScreenerAnswer } from '#contract/participations'
import { processSignupFn } from '~/features/campaigns/signup.functions'
import { useBotToken } from '~/lib/bot-protection'
import { useAnnounce } from '~/components/ui/use-announce'
import { FormAlert } from '~/components/ui/field'
import { cn } from '~/lib/cn'
import { changeFieldValue, ContractForm, fieldErrorText, showRejectedFields, useAppForm, useFieldContext } from '~/lib/contract-form'
import { unwrap } from '~/upstream/upstream-result'
import { IneligibleReasons } from '~/components/member/eligibility-reasons'
import { AddressLines } from '~/components/member/address-lines'
import { useLocale } from '~/lib/locale'
import { SelectionModeNote } from './selection-mode-note'

const requiredMessage = {
  single: msg`Choose one answer.`,
  multi: msg`Choose at least one answer.`,
  text: msg`Write a short answer.`,
} as const
const invalidAnswer = msg`Choose one of the answers shown.`

/** An answer as the form holds it: the text or the choice ('' when none), or the choices ticked. */
type AnswerValue = string | string[]
type ApplyValues = { answers: Array<{ questionId: string; answer: AnswerValue }>; confirmAddress: boolean }

// The contract's answer, as text (a text answer or one choice) or as a list of choices.
const [TextAnswer, ChoicesAnswer] = ScreenerAnswerSchema.entries.answer.options

/**
 * The contract's sign-up answers, narrowed by the campaign's questions: each question's answer in
 * its kind, a required one not empty, and the address confirmed when the product is shipped.
 */
function applySchema(screener: readonly ScreenerQuestion[], shipsProduct: boolean) {
  return v.strictObject({
    answers: v.strictTuple(
      screener.map((question) => {
        const answer = question.kind === 'multi' ? ChoicesAnswer : TextAnswer
        return v.strictObject({
          questionId: v.literal(question.id),
          answer: question.required ? v.pipe(answer, v.minLength(1)) : answer,
        })
      }),
    ),
    confirmAddress: shipsProduct ? v.literal(true) : v.boolean(),
  })
}

/** The answers the member gave (as the schema passed them, texts trimmed): an unanswered optional question is left out. */
const answersOf = (answers: readonly ScreenerAnswer[]): ScreenerAnswer[] => answers.filter(({ answer }) => answer.length > 0)

/**
 * One screener question as a form field: a text box, or a group of radio buttons (one answer) or
 * checkboxes (several). `invalid` is the sentence for an empty required answer; the member API's
 * refusal of an answer brings its own.
 */
function QuestionInput({ question, invalid }: { question: ScreenerQuestion; invalid: string }) {
  const { t } = useLingui()
  const field = useFieldContext<AnswerValue>()
  const error = fieldErrorText(field.state.meta, invalid)
  const name = `q-${question.id}`
  const errorId = error ? `${name}-error` : undefined
  const optional = question.required ? null : <span className="font-normal text-muted"> {t`(optional)`}</span>
  if (question.kind === 'text') {
    return (
      <div className="flex flex-col gap-1.5">
        <label htmlFor={name} className="font-semibold text-ink">
          {question.prompt}
          {optional}
        </label>
        <textarea
          id={name}
          name={name}
          rows={3}
          maxLength={1000}
          value={typeof field.state.value === 'string' ? field.state.value : ''}
          onChange={(event) => changeFieldValue(field, event.target.value)}
          onBlur={field.handleBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          className={cn(
            'rounded-lg border bg-white px-3 py-2.5 text-ink focus-visible:outline-3 focus-visible:outline-focus-ring',
            error ? 'border-danger' : 'border-[#8a94a6]',
          )}
        />
        {error && (
          <p id={errorId} className="text-sm font-medium text-danger">
            {error}
          </p>
        )}
      </div>
    )
  }
  const chosen = Array.isArray(field.state.value) ? field.state.value : field.state.value === '' ? [] : [field.state.value]
  const choose = (option: string, on: boolean) => {
    if (question.kind === 'single') changeFieldValue(field, option)
    // Several choices are kept in the order of the options.
    else
      changeFieldValue(
        field,
        question.options.filter((o) => (o === option ? on : chosen.includes(o))),
      )
  }
  return (
    <fieldset aria-describedby={errorId} aria-invalid={error ? true : undefined}>
      <legend className="font-semibold text-ink">
        {question.prompt}
        {optional}
      </legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {question.options.map((option, i) => (
          <label
            key={option}
            htmlFor={`${name}-${i}`}
            className="flex cursor-pointer items-center gap-3 rounded-lg border border-line bg-white px-3 py-2.5 has-[:checked]:border-authentic has-[:checked]:bg-authentic-soft"
          >
            <input
              id={`${name}-${i}`}
              type={question.kind === 'single' ? 'radio' : 'checkbox'}
              name={name}
              value={option}
              checked={chosen.includes(option)}
              onChange={(event) => choose(option, event.target.checked)}
              onBlur={field.handleBlur}
              className="size-4 accent-toga"
            />
            <span className="text-ink">{option}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </fieldset>
  )
}

/**
 * The answer of process_signup, said plainly: selected, waitlisted with the place, applied and
 * waiting for the team's choice (a curated campaign), or not eligible with why.
 */
export function SignupResult({ participation, back }: { participation: Participation; back: string }) {
  const locale = useLocale()
  const heading = useRef<HTMLHeadingElement>(null)
  const result = useRef<HTMLDivElement>(null)
  useEffect(() => heading.current?.focus(), [])
  useAnnounce(result, 'polite')
  const place = participation.waitlistPosition ?? 0
  const tone =
    participation.status === 'not-eligible'
      ? 'border-danger bg-[#fdecea]'
      : participation.status === 'waitlisted'
        ? 'border-warn bg-[#fdf3e6]'
        : participation.status === 'applied'
          ? 'border-authentic bg-authentic-soft'
          : 'border-verdin bg-[#e7f4ee]'
  return (
    <div ref={result} className={cn('rounded-2xl border-l-4 p-5 sm:p-6', tone)}>
      <h3 ref={heading} tabIndex={-1} className="flex items-center gap-2 text-xl font-bold text-ink">
        {participation.status === 'not-eligible' ? (
          <>
            <XCircle className="size-6 text-danger" aria-hidden="true" />
            <Trans>You cannot take part in this test</Trans>
          </>
        ) : participation.status === 'waitlisted' ? (
          <>
            <Clock className="size-6 text-warn" aria-hidden="true" />
            <Trans>You are on the waitlist, in place {place}</Trans>
          </>
        ) : participation.status === 'applied' ? (
          <>
            <Clock className="size-6 text-authentic" aria-hidden="true" />
            <Trans>You applied: the team is choosing the testers</Trans>
          </>
        ) : (
          <>
            <CheckCircle2 className="size-6 text-verdin" aria-hidden="true" />
            <Trans>You are selected!</Trans>
          </>
        )}
      </h3>
      <div className="mt-3 space-y-3 text-ink">
        {participation.status === 'not-eligible' ? (
          <>
            <p>
              <Trans>This test has rules you do not meet yet:</Trans>
            </p>
            <IneligibleReasons reasons={participation.ineligibleReasons} back={back} />
            <p>
              <Trans>Once you have fixed them, you can apply again while applications are open.</Trans>
            </p>
          </>
        ) : participation.status === 'waitlisted' ? (
          <p>
            <Trans>
              Every place is taken for now. When a selected tester withdraws, the first member on the waitlist takes their place, and we will tell you by
              e-mail.
            </Trans>
          </p>
        ) : participation.status === 'applied' ? (
          <p>
            <Trans>
              Your application waits for the team to choose the testers. We will tell you by e-mail whether you were chosen, by the time sign-up closes at the
              latest; you can follow it in My campaigns.
            </Trans>
          </p>
        ) : (
          <p>
            {participation.campaign.kind === 'verified-purchase' ? (
              <Trans>Buy the product at your usual shop and confirm the purchase in My campaigns; you are reimbursed once your review is published.</Trans>
            ) : (
              <Trans>We will send the product to your address and let you know when it ships. Your tasks are waiting in My campaigns.</Trans>
            )}
          </p>
        )}
        <p>
          <Link to="/$locale/member/campaigns" params={{ locale }} className="font-semibold text-colbolt underline underline-offset-2">
            <Trans>Go to My campaigns</Trans>
          </Link>
        </p>
      </div>
    </div>
  )
}

/**
 * Applying: the screener questions, the shipping address to confirm (with a link to change it),
 * and one submit. A double click applies once (the button is busy and a second submit returns
 * early); the member API is idempotent per member and flight too.
 */
export function ApplyForm({
  campaign,
  flight,
  address,
  back,
  onApplied,
}: {
  campaign: CampaignDetail
  flight: Flight
  address: Address
  back: string
  onApplied: (participation: Participation) => void
}) {
  const locale = useLocale()
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const shipsProduct = campaign.kind === 'free-product'
  const botToken = useBotToken()

  /** The member API's field paths (`answers.<question id>`) → this form's fields. */
  const apiFields = Object.fromEntries(campaign.screener.map((question, i) => [`answers.${question.id}`, `answers[${i}].answer`]))

  const schema = applySchema(campaign.screener, shipsProduct)

  const apply = useMutation({
    // A refused bot check reaches the member through the catalogue's dialog; nothing was applied for.
    mutationFn: async (answers: ScreenerAnswer[]) =>
      unwrap(await processSignupFn({ data: { campaignId: campaign.id, flightId: flight.id, answers, botToken: await botToken('campaign_signup') } })),
    onSuccess: async (participation) => {
      onApplied(participation)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['member', 'participations'] }),
        queryClient.invalidateQueries({ queryKey: ['member', 'participations'] }),
        queryClient.invalidateQueries({ queryKey: ['member', 'info'] }),
        queryClient.invalidateQueries({ queryKey: ['campaigns'] }),
      ])
    },
    onError: async () => {
      // "Already applied" and the like: show where the application stands.
      await queryClient.invalidateQueries({ queryKey: ['member', 'participations'] })
    },
  })

  const form = useAppForm({
    defaultValues: {
      answers: campaign.screener.map((question) => ({ questionId: question.id, answer: question.kind === 'multi' ? [] : '' })),
      confirmAddress: false,
    } as ApplyValues,
    validators: { onSubmit: schema },
    onSubmit: async ({ value, formApi }) => {
      try {
        await apply.mutateAsync(answersOf(v.parse(schema, value).answers))
      } catch (error) {
        // A refused answer is shown under its question; anything else the error catalogue answered.
        showRejectedFields(formApi, error, apiFields, () => i18n._(invalidAnswer))
      }
      // After success the page shows the answer in place of the form.
    },
  })

  const placesLeft = flight.placesLeft
  // In a curated campaign applying never joins a waitlist: the application waits for the team's choice.
  const curated = campaign.selectionMode === 'curated'
  return (
    <ContractForm form={form} label={t`Apply for this test`} className="space-y-6 rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-6">
      <form.Subscribe selector={(state) => Object.values(state.fieldMeta).some((meta) => (meta?.errors.length ?? 0) > 0)}>
        {(hasErrors) => hasErrors && <FormAlert>{t`Please check the answers marked below.`}</FormAlert>}
      </form.Subscribe>
      {campaign.screener.length > 0 && (
        <div className="space-y-5">
          <h3 className="text-lg font-bold text-authentic">
            <Trans>A few questions</Trans>
          </h3>
          {campaign.screener.map((question, i) => (
            <form.AppField key={question.id} name={`answers[${i}].answer`}>
              {() => <QuestionInput question={question} invalid={i18n._(requiredMessage[question.kind])} />}
            </form.AppField>
          ))}
        </div>
      )}
      <div className="space-y-3">
        <h3 className="text-lg font-bold text-authentic">{shipsProduct ? <Trans>Where we send the product</Trans> : <Trans>Your address on file</Trans>}</h3>
        <div className="rounded-lg bg-canvas p-4">
          <AddressLines address={address} />
        </div>
        <p>
          <Link
            to="/$locale/member/address"
            params={{ locale }}
            search={{ redirect: back }}
            className="font-semibold text-colbolt underline underline-offset-2"
          >
            <Trans>Change the address</Trans>
          </Link>
        </p>
        {shipsProduct ? (
          <form.AppField name="confirmAddress">
            {(field) => (
              <field.CheckboxInput label={<Trans>Yes, send the product to this address.</Trans>} invalid={t`Confirm the address, or change it first.`} />
            )}
          </form.AppField>
        ) : (
          <p className="text-ink">
            <Trans>In this verified-purchase test you buy the product yourself and are reimbursed in full once your review is published.</Trans>
          </p>
        )}
      </div>
      <div className="space-y-2">
        <p className="text-ink">
          {curated ? (
            <SelectionModeNote mode="curated" />
          ) : placesLeft > 0 ? (
            <Trans>Places are given in the order members apply: {placesLeft} left.</Trans>
          ) : (
            <Trans>All places are taken: if you apply now, you join the waitlist.</Trans>
          )}
        </p>
        <form.SubmitButton size="large">{curated || placesLeft > 0 ? t`Apply for this test` : t`Join the waitlist`}</form.SubmitButton>
      </div>
    </ContractForm>
  )
}
