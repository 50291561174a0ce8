// A flight's form and the contract's FlightInput. Dates are held as the date picker gives them ('' for
// none, null while what is typed cannot be read) and the quota as the number field does (null when
// blank); the contract's FlightInputSchema refuses both, on the field they belong to.
import * as v from 'valibot'
import { FlightInputSchema, type FlightInput, type OpsFlight } from '#contract/campaign-authoring'
import type { CampaignStatus } from '#contract/campaigns'

export const FLIGHT_DATES = ['signupOpensAt', 'signupClosesAt', 'testingStartsAt', 'reviewDueAt'] as const
export type FlightDate = (typeof FLIGHT_DATES)[number]

export type FlightFormValues = { name: string; quota: number | null } & Record<FlightDate, string | null>

/** A flight's values as saved, or a new one's with the name the page suggests. */
export function flightFormValuesOf(flight: OpsFlight | null, suggestedName: string): FlightFormValues {
  if (flight)
    return {
      name: flight.name,
      signupOpensAt: flight.signupOpensAt,
      signupClosesAt: flight.signupClosesAt,
      testingStartsAt: flight.testingStartsAt,
      reviewDueAt: flight.reviewDueAt,
      quota: flight.quota,
    }
  return { name: suggestedName, signupOpensAt: '', signupClosesAt: '', testingStartsAt: '', reviewDueAt: '', quota: null }
}

/** What the form would send: a date that cannot be read as none (refused as such), a blank quota as no number. */
export function flightInputOf(values: FlightFormValues): FlightInput {
  return {
    name: values.name,
    signupOpensAt: values.signupOpensAt ?? '',
    signupClosesAt: values.signupClosesAt ?? '',
    testingStartsAt: values.testingStartsAt ?? '',
    reviewDueAt: values.reviewDueAt ?? '',
    quota: values.quota ?? Number.NaN,
  }
}

/** The form's check before sending: the contract's FlightInputSchema on what would be sent, on the same fields. */
export const flightFormSchema: { readonly '~standard': v.StandardProps<FlightFormValues, FlightInput> } = {
  '~standard': {
    version: 1,
    vendor: 'valibot',
    validate(value) {
      const result = v.safeParse(FlightInputSchema, flightInputOf(value as FlightFormValues))
      if (result.success) return { value: result.output }
      return { issues: result.issues.map((issue) => ({ message: issue.message, path: (issue.path ?? []).map((item) => item.key as string) })) }
    },
  },
}

/**
 * The member API's names of a flight's fields → the form's: its schema names them inside the body
 * (`flight.quota`), its checks against stored data by themselves (`quota`).
 */
export const FLIGHT_API_FIELDS: Readonly<Record<string, string>> = Object.fromEntries(
  (['name', 'quota', ...FLIGHT_DATES] as const).flatMap((field) => [
    [field, field],
    [`flight.${field}`, field],
  ]),
)

/**
 * The dates of a flight that can no longer change: once the campaign is out of draft, a date that
 * has passed was seen by members and stays as it was.
 */
export function fixedDatesOf(flight: OpsFlight | null, status: CampaignStatus, now: number): FlightDate[] {
  if (!flight || status === 'draft') return []
  return FLIGHT_DATES.filter((date) => Date.parse(flight[date]) <= now)
}

/** Why a flight cannot be deleted, if it cannot: anyone signed up for it, or it is a published campaign's only flight. */
export function undeletableBecause(flight: OpsFlight, flights: readonly OpsFlight[], status: CampaignStatus): 'participants' | 'last-flight' | null {
  if (flight.participants > 0) return 'participants'
  if (status === 'published' && flights.length === 1) return 'last-flight'
  return null
}
