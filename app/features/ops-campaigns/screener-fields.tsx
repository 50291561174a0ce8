import { useLingui } from '@lingui/react/macro'
import { SCREENER_KINDS } from '#contract/campaigns'
import { SCREENER_MAX_OPTIONS, SCREENER_MAX_QUESTIONS, type OpsCampaignDetail } from '#contract/campaign-authoring'
import { Button } from '~/components/ui/button'
import { fieldErrorText } from '~/lib/contract-form'
import { FormPart, type CampaignFormApi } from './campaign-form-parts'
import { newOption, newQuestion } from './campaign-form-values'
import { screenerKindLabel } from './campaign-labels'
import { focusAfterRender } from './focus-after-render'

/** A choice question keeps at least this many options (the contract's least). */
const MIN_OPTIONS = 2

type ScreenerProps = { form: CampaignFormApi; campaign: OpsCampaignDetail | null; invalid: (field: string) => string }

/**
 * The screener: questions asked when a member applies, added, removed and put in order; a choice
 * question's options, each of which may disqualify. Once someone has applied, a change makes a new
 * version (earlier answers keep theirs); none is possible while a published campaign's flight is open.
 */
export function ScreenerFields({ form, campaign, invalid }: ScreenerProps) {
  const { t } = useLingui()
  const answered = campaign?.hasApplicants === true
  // Members may be answering it as soon as a published campaign's flight is open, before anyone's answers are stored.
  const signupOpen = campaign !== null && campaign.status !== 'draft' && campaign.flights.some((flight) => flight.phase === 'open')
  const locked = signupOpen
  const intro = locked
    ? t`Members are answering this screener while a flight's sign-up is open, so it cannot change now; change it between flights.`
    : answered
      ? t`Members have answered this screener: saving a change makes a new version, and earlier answers keep the version they answered.`
      : t`Questions a member answers when applying. Members never see which answers disqualify.`

  return (
    <FormPart title={t`Screener`} intro={intro} disabled={locked}>
      <form.AppField name="screener" mode="array">
        {(list) => {
          const questions = list.state.value
          const listError = fieldErrorText(list.state.meta, invalid('screener'))
          return (
            <>
              {questions.length === 0 && <p className="text-muted">{t`No question: members apply without a screener.`}</p>}
              <ol className="flex flex-col gap-4">
                {questions.map((_, index) => (
                  <li key={index}>
                    <QuestionFields
                      form={form}
                      index={index}
                      count={questions.length}
                      invalid={invalid}
                      onMove={(to) => {
                        list.moveValue(index, to)
                        const direction = to < index ? 'up' : 'down'
                        focusAfterRender(`[data-focus="question-${to}-${direction}"]`, `[data-focus="question-${to}-${direction === 'up' ? 'down' : 'up'}"]`)
                      }}
                      onRemove={() => {
                        list.removeValue(index)
                        focusAfterRender(`[name="screener[${index}].prompt"]`, `[name="screener[${index - 1}].prompt"]`, '[data-focus="add-question"]')
                      }}
                    />
                  </li>
                ))}
              </ol>
              {listError && <p className="text-sm font-medium text-danger">{listError}</p>}
              <div className="flex flex-wrap items-center gap-3">
                <Button
                  severity="secondary"
                  data-focus="add-question"
                  disabled={questions.length >= SCREENER_MAX_QUESTIONS}
                  onClick={() => {
                    list.pushValue(newQuestion())
                    focusAfterRender(`[name="screener[${questions.length}].prompt"]`)
                  }}
                >
                  {t`Add a question`}
                </Button>
                {questions.length >= SCREENER_MAX_QUESTIONS && <span className="text-sm text-muted">{t`A screener asks at most 10 questions.`}</span>}
              </div>
            </>
          )
        }}
      </form.AppField>
    </FormPart>
  )
}

type QuestionProps = {
  form: CampaignFormApi
  index: number
  count: number
  invalid: (field: string) => string
  onMove: (to: number) => void
  onRemove: () => void
}

/** One question: its text, how it is answered, its options and whether it must be answered. */
function QuestionFields({ form, index, count, invalid, onMove, onRemove }: QuestionProps) {
  const { t, i18n } = useLingui()
  const number = index + 1
  const name = `screener[${index}]` as const
  return (
    <fieldset className="flex min-w-0 flex-col gap-4 rounded-lg border border-line p-4">
      <legend className="px-1 font-semibold text-authentic">{t`Question ${number}`}</legend>
      <form.AppField name={`${name}.prompt`}>
        {(field) => <field.TextInput label={t`Question`} invalid={invalid(`${name}.prompt`)} maxLength={200} />}
      </form.AppField>
      <form.AppField name={`${name}.kind`}>
        {(field) => (
          <field.SelectInput
            label={t`Answered with`}
            invalid={invalid(`${name}.kind`)}
            options={SCREENER_KINDS.map((kind) => ({ value: kind, label: i18n._(screenerKindLabel[kind]) }))}
            className="max-w-xs"
          />
        )}
      </form.AppField>
      <form.Subscribe selector={(state) => state.values.screener[index]?.kind}>
        {(kind) =>
          kind === 'text' ? (
            <p className="text-sm text-muted">{t`Members answer in a few words: no options, and no answer disqualifies.`}</p>
          ) : (
            <OptionFields form={form} question={index} invalid={invalid} />
          )
        }
      </form.Subscribe>
      <form.AppField name={`${name}.required`}>
        {(field) => <field.CheckboxInput label={t`An answer is required`} invalid={t`Tick or untick this box.`} />}
      </form.AppField>
      <div className="flex flex-wrap gap-2">
        <Button
          size="small"
          severity="secondary"
          data-focus={`question-${index}-up`}
          disabled={index === 0}
          aria-label={t`Move up question ${number}`}
          onClick={() => onMove(index - 1)}
        >
          {t`Move up`}
        </Button>
        <Button
          size="small"
          severity="secondary"
          data-focus={`question-${index}-down`}
          disabled={index === count - 1}
          aria-label={t`Move down question ${number}`}
          onClick={() => onMove(index + 1)}
        >
          {t`Move down`}
        </Button>
        <Button size="small" severity="danger" variant="outlined" aria-label={t`Remove question ${number}`} onClick={onRemove}>
          {t`Remove`}
        </Button>
      </div>
    </fieldset>
  )
}

/** A choice question's options, each with the box saying whether choosing it disqualifies. */
function OptionFields({ form, question, invalid }: { form: CampaignFormApi; question: number; invalid: (field: string) => string }) {
  const { t } = useLingui()
  const name = `screener[${question}].options` as const
  const questionNumber = question + 1
  return (
    <form.AppField name={name} mode="array">
      {(list) => {
        const options = list.state.value
        const error = fieldErrorText(list.state.meta, invalid(name))
        const descriptionId = `${name}-description`
        const errorId = `${name}-error`
        return (
          <fieldset
            className="flex min-w-0 flex-col gap-3"
            aria-describedby={[descriptionId, error ? errorId : null].filter(Boolean).join(' ')}
            aria-invalid={error ? true : undefined}
          >
            <legend className="mb-1 font-semibold text-ink">{t`Options of question ${questionNumber}`}</legend>
            <p id={descriptionId} className="text-sm text-muted">
              {t`2 to 12 different options. Tick "Disqualifies" beside an answer that makes an applicant not eligible; at least one option must let applicants through.`}
            </p>
            <ol className="flex flex-col gap-3">
              {options.map((_, option) => {
                const optionNumber = option + 1
                return (
                  <li key={option} className="flex flex-wrap items-end gap-3">
                    <form.AppField name={`${name}[${option}].text`}>
                      {(field) => (
                        <field.TextInput
                          label={t`Option ${optionNumber}`}
                          invalid={invalid(`${name}[${option}].text`)}
                          maxLength={80}
                          className="min-w-48 flex-1"
                        />
                      )}
                    </form.AppField>
                    <form.AppField name={`${name}[${option}].disqualifies`}>
                      {(field) => (
                        <field.CheckboxInput
                          label={
                            <>
                              {t`Disqualifies`}
                              <span className="sr-only"> {t`(option ${optionNumber})`}</span>
                            </>
                          }
                          invalid={t`Tick or untick this box.`}
                          className="pb-3"
                        />
                      )}
                    </form.AppField>
                    <Button
                      size="small"
                      severity="danger"
                      variant="text"
                      className="mb-2"
                      disabled={options.length <= MIN_OPTIONS}
                      aria-label={t`Remove option ${optionNumber} of question ${questionNumber}`}
                      onClick={() => {
                        list.removeValue(option)
                        focusAfterRender(`[name="${name}[${option}].text"]`, `[name="${name}[${option - 1}].text"]`)
                      }}
                    >
                      {t`Remove`}
                    </Button>
                  </li>
                )
              })}
            </ol>
            {error && (
              <p id={errorId} className="text-sm font-medium text-danger">
                {error}
              </p>
            )}
            <div>
              <Button
                size="small"
                severity="secondary"
                disabled={options.length >= SCREENER_MAX_OPTIONS}
                onClick={() => {
                  list.pushValue(newOption())
                  focusAfterRender(`[name="${name}[${options.length}].text"]`)
                }}
              >
                {t`Add an option`}
              </Button>
              {options.length >= SCREENER_MAX_OPTIONS && <span className="ml-3 text-sm text-muted">{t`A question offers at most 12 options.`}</span>}
            </div>
          </fieldset>
        )
      }}
    </form.AppField>
  )
}
