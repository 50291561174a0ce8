import { useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import * as v from 'valibot'
import { FLIGHT_MAX_QUOTA, FlightInputSchema, type FlightInput, type OpsCampaignDetail, type OpsFlight } from '#contract/campaign-authoring'
import { PhaseBadge } from '~/components/catalogue/campaign-card'
import { Button } from '~/components/ui/button'
import { useInstantText } from '~/components/ops/instant-text'
import { feedback } from '~/components/ui/feedback-store'
import { ContractForm, showRejectedFields, useAppForm } from '~/lib/contract-form'
import { unwrap } from '~/upstream/upstream-result'
import { FixedValue } from './campaign-form-parts'
import { focusAfterRender } from './focus-after-render'
import {
  FLIGHT_API_FIELDS,
  FLIGHT_DATES,
  fixedDatesOf,
  flightFormSchema,
  flightFormValuesOf,
  flightInputOf,
  undeletableBecause,
  type FlightDate,
} from './flight-form-values'
import { createFlightFn, deleteFlightFn, updateFlightFn } from './ops-campaigns.functions'

type FlightsProps = {
  campaign: OpsCampaignDetail
  /** The campaign's version the editor holds: every change names it. */
  version: string
  /** A change was saved: the campaign as it is now. */
  onSaved: (campaign: OpsCampaignDetail) => void
  /** A change was refused (someone saved in between, or a flight changed meanwhile): the campaign is read again. */
  onRefused: (error: unknown) => void
}

/**
 * A campaign's flights: each one's dates and places, how many hold a place and how many signed up;
 * one at a time added or edited in place, deleted while nobody has signed up for it.
 */
export function FlightsSection({ campaign, version, onSaved, onRefused }: FlightsProps) {
  const { t } = useLingui()
  const [editing, setEditing] = useState<string | null>(null)
  const flights = campaign.flights
  const close = (focusOn: string) => {
    setEditing(null)
    focusAfterRender(focusOn, '[data-focus="add-flight"]')
  }
  const remove = useMutation({
    mutationFn: async (flight: OpsFlight) =>
      unwrap(await deleteFlightFn({ data: { campaignId: campaign.id, flightId: flight.id, edit: { editedVersion: version } } })),
    onSuccess: onSaved,
    onError: onRefused,
  })
  const askToRemove = (flight: OpsFlight) => {
    const name = flight.name
    feedback.confirm({
      header: t`Delete this flight?`,
      message: t`${name} and its dates are deleted. Nobody has signed up for it.`,
      acceptLabel: t`Delete`,
      rejectLabel: t`Cancel`,
      closable: true,
      onAccept: async () => {
        const done = await remove.mutateAsync(flight).then(
          () => true,
          () => false,
        )
        if (!done) return
        feedback.toast({ severity: 'success', summary: t`Flight deleted`, detail: name })
        focusAfterRender('[data-focus="add-flight"]')
      },
    })
  }

  return (
    <section aria-labelledby="flights-heading" className="flex flex-col gap-4 rounded-xl border border-line bg-white p-4 sm:p-6">
      <div>
        <h2 id="flights-heading" className="text-xl font-semibold text-authentic">
          {t`Flights`}
        </h2>
        <p className="mt-1 text-ink">
          {t`Each flight is one round of the test, with its own sign-up dates and places. Publishing needs at least one, and so does the preview.`}
        </p>
      </div>
      {flights.length === 0 && editing !== 'new' && <p className="text-muted">{t`No flight yet.`}</p>}
      {flights.length > 0 && (
        <ol className="flex flex-col gap-4">
          {flights.map((flight) => (
            <li key={flight.id}>
              {editing === flight.id ? (
                <FlightForm
                  campaign={campaign}
                  flight={flight}
                  version={version}
                  onSaved={(saved) => {
                    onSaved(saved)
                    close(`[data-focus="edit-flight-${flight.id}"]`)
                  }}
                  onRefused={onRefused}
                  onCancel={() => close(`[data-focus="edit-flight-${flight.id}"]`)}
                />
              ) : (
                <FlightCard
                  campaign={campaign}
                  flight={flight}
                  onEdit={() => {
                    setEditing(flight.id)
                    focusAfterRender(`[data-flight-form="${flight.id}"] input[name="name"]`)
                  }}
                  onDelete={() => askToRemove(flight)}
                />
              )}
            </li>
          ))}
        </ol>
      )}
      {editing === 'new' ? (
        <FlightForm
          campaign={campaign}
          flight={null}
          version={version}
          onSaved={(saved) => {
            onSaved(saved)
            const added = saved.flights.at(-1)
            close(added ? `[data-focus="edit-flight-${added.id}"]` : '[data-focus="add-flight"]')
          }}
          onRefused={onRefused}
          onCancel={() => close('[data-focus="add-flight"]')}
        />
      ) : (
        <div>
          <Button
            severity="secondary"
            data-focus="add-flight"
            onClick={() => {
              setEditing('new')
              focusAfterRender('[data-flight-form="new"] input[name="name"]')
            }}
          >
            {t`Add a flight`}
          </Button>
        </div>
      )}
    </section>
  )
}

function FlightCard({ campaign, flight, onEdit, onDelete }: { campaign: OpsCampaignDetail; flight: OpsFlight; onEdit: () => void; onDelete: () => void }) {
  const { t } = useLingui()
  const instant = useInstantText()
  const labels = useDateLabels()
  const name = flight.name
  const blocked = undeletableBecause(flight, campaign.flights, campaign.status)
  const participants = flight.participants
  const reasonId = `flight-${flight.id}-undeletable`
  return (
    <article aria-labelledby={`flight-${flight.id}-name`} className="rounded-lg border border-line p-4">
      <h3 id={`flight-${flight.id}-name`} className="flex flex-wrap items-center gap-2 font-semibold text-authentic">
        {name} <PhaseBadge phase={flight.phase} />
      </h3>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-ink sm:grid-cols-[12rem_1fr]">
        {[
          ...FLIGHT_DATES.map((date) => ({ term: labels[date], detail: <time dateTime={flight[date]}>{instant(flight[date])}</time> })),
          { term: t`Places`, detail: t`${flight.placesTaken} of ${flight.quota} taken` },
          { term: t`Sign-ups, of every status`, detail: String(participants) },
        ].map(({ term, detail }) => (
          <div key={term} className="contents">
            <dt className="font-semibold">{term}</dt>
            <dd>{detail}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Button size="small" severity="secondary" data-focus={`edit-flight-${flight.id}`} aria-label={t`Edit ${name}`} onClick={onEdit}>
          {t`Edit`}
        </Button>
        <Button
          size="small"
          severity="danger"
          variant="outlined"
          unavailable={blocked !== null}
          aria-label={t`Delete ${name}`}
          aria-describedby={blocked ? reasonId : undefined}
          onClick={onDelete}
        >
          {t`Delete`}
        </Button>
        {blocked && (
          <span id={reasonId} className="text-sm text-muted">
            {blocked === 'participants'
              ? t`It cannot be deleted: members have signed up for it.`
              : t`It cannot be deleted: a published campaign keeps at least one flight.`}
          </span>
        )}
      </div>
    </article>
  )
}

function useDateLabels(): Record<FlightDate, string> {
  const { t } = useLingui()
  return { signupOpensAt: t`Sign-up opens`, signupClosesAt: t`Sign-up closes`, testingStartsAt: t`Testing starts`, reviewDueAt: t`Review due` }
}

type FlightFormProps = {
  campaign: OpsCampaignDetail
  /** The flight as saved; null for a new one. */
  flight: OpsFlight | null
  version: string
  onSaved: (campaign: OpsCampaignDetail) => void
  onRefused: (error: unknown) => void
  onCancel: () => void
}

/**
 * A flight's name, dates and places, checked by the contract's schema (dates in order) before
 * sending. A published campaign's dates are promises: one that has passed is shown as it stays,
 * and a new one must be in the future; the quota never goes below the places taken.
 */
function FlightForm({ campaign, flight, version, onSaved, onRefused, onCancel }: FlightFormProps) {
  const { t, i18n } = useLingui()
  const instant = useInstantText()
  const labels = useDateLabels()
  const [now] = useState(() => Date.now())
  const fixed = fixedDatesOf(flight, campaign.status, now)
  const published = campaign.status !== 'draft'
  const leastQuota = Math.max(1, flight?.placesTaken ?? 0)
  const most = FLIGHT_MAX_QUOTA.toLocaleString(i18n.locale)
  const later = published ? t`It must be in the future.` : ''
  const invalid: Record<string, string> = {
    name: t`Enter the flight's name, up to 60 characters.`,
    signupOpensAt: `${t`Enter when sign-up opens.`} ${later}`.trim(),
    signupClosesAt: `${t`Enter when sign-up closes: after it opens.`} ${later}`.trim(),
    testingStartsAt: `${t`Enter when testing starts: when sign-up closes or later.`} ${later}`.trim(),
    reviewDueAt: `${t`Enter when reviews are due: after testing starts.`} ${later}`.trim(),
    quota: t`Enter the number of places, a whole number from ${leastQuota} to ${most}.`,
  }
  const suggestedName = t`Flight ${campaign.flights.length + 1}`
  const save = useMutation({
    mutationFn: async (input: FlightInput) => {
      const edit = { flight: input, editedVersion: version }
      return unwrap(
        flight
          ? await updateFlightFn({ data: { campaignId: campaign.id, flightId: flight.id, edit } })
          : await createFlightFn({ data: { campaignId: campaign.id, edit } }),
      )
    },
    onError: onRefused,
  })
  const form = useAppForm({
    defaultValues: flightFormValuesOf(flight, suggestedName),
    validators: { onSubmit: flightFormSchema },
    onSubmit: async ({ value, formApi }) => {
      let saved: OpsCampaignDetail
      try {
        saved = await save.mutateAsync(v.parse(FlightInputSchema, flightInputOf(value)))
      } catch (error) {
        showRejectedFields(formApi, error, FLIGHT_API_FIELDS, (field) => invalid[field] ?? invalid.name!)
        return
      }
      feedback.toast({ severity: 'success', summary: flight ? t`Flight saved` : t`Flight added`, detail: value.name })
      onSaved(saved)
    },
  })
  const title = flight ? t`Edit ${flight.name}` : t`New flight`
  return (
    <div data-flight-form={flight?.id ?? 'new'} className="rounded-lg border-2 border-colbolt p-4">
      <h3 className="mb-3 font-semibold text-authentic">{title}</h3>
      <ContractForm form={form} label={title} className="flex flex-col gap-4">
        <form.AppField name="name">
          {(field) => (
            <field.TextInput
              label={t`Name`}
              description={t`Members see it when the campaign has several flights.`}
              invalid={invalid.name!}
              maxLength={60}
              className="max-w-md"
            />
          )}
        </form.AppField>
        <div className="grid gap-4 lg:grid-cols-2">
          {FLIGHT_DATES.map((date) =>
            fixed.includes(date) ? (
              <FixedValue
                key={date}
                label={labels[date]}
                value={instant(flight![date])}
                reason={t`This date has passed: members saw it, so it stays as it was.`}
              />
            ) : (
              <form.AppField key={date} name={date}>
                {(field) => <field.DateTimeInput label={labels[date]} invalid={invalid[date]!} defaultTime="09:00" />}
              </form.AppField>
            ),
          )}
        </div>
        <form.AppField name="quota">
          {(field) => (
            <field.NumberInput
              label={t`Places`}
              description={
                flight && flight.placesTaken > 0
                  ? t`${flight.placesTaken} testers hold a place: the places cannot go below that.`
                  : t`How many testers this flight takes.`
              }
              invalid={invalid.quota!}
              min={leastQuota}
              max={FLIGHT_MAX_QUOTA}
              className="max-w-48"
            />
          )}
        </form.AppField>
        <div className="flex flex-wrap gap-3">
          <form.SubmitButton>{flight ? t`Save the flight` : t`Add the flight`}</form.SubmitButton>
          <Button severity="secondary" onClick={onCancel}>
            {t`Cancel`}
          </Button>
        </div>
      </ContractForm>
    </div>
  )
}
