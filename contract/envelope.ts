// The one answer shape of the suite: `{ status: "OK", data }` or `{ status: "<CODE>", message, fields?, reason? }`.
import * as v from 'valibot'
import { RefusalSchema } from './refusals'

/** Error codes and the HTTP status each one travels with. */
export const ERROR_HTTP_STATUS = {
  BAD_REQUEST: 400,
  /** The bot check refused the action (low score, another action, no or a bad token): nothing was done. */
  BOT_CHECK_FAILED: 400,
  UNAUTHENTICATED: 401,
  /** The change needs a recent sign-in (RECENT_SIGN_IN_SECONDS): the session stays valid. */
  REAUTH_REQUIRED: 401,
  FORBIDDEN: 403,
  /** Staff and brand calls need a second factor passed in this browser session (contract/second-factor.ts). */
  SECOND_FACTOR_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** A dependency the suite needs is not reachable (readyz: the database; the bot check's provider). */
  UNAVAILABLE: 503,
} as const

export type ErrorCode = keyof typeof ERROR_HTTP_STATUS
export const ERROR_CODES = Object.keys(ERROR_HTTP_STATUS) as [ErrorCode, ...ErrorCode[]]

/** Field errors of a 400: dotted field path → messages. */
export const FieldErrorsSchema = v.record(v.string(), v.array(v.string()))
export type FieldErrors = v.InferOutput<typeof FieldErrorsSchema>

export const ErrorEnvelopeSchema = v.strictObject({
  status: v.picklist(ERROR_CODES),
  /** For people reading logs and API answers; the portal never decides anything by it. */
  message: v.string(),
  fields: v.optional(FieldErrorsSchema),
  /** Why, as a code the portal acts on: one of the endpoint's declared refusals. */
  reason: v.optional(RefusalSchema),
})
export type ErrorEnvelope = v.InferOutput<typeof ErrorEnvelopeSchema>

type AnySchema = v.GenericSchema

export function okEnvelope<T extends AnySchema>(data: T) {
  return v.strictObject({ status: v.literal('OK'), data })
}
export type OkEnvelope<T> = { status: 'OK'; data: T }

/** What the portal parses every answer with: success or a typed error. */
export function envelope<T extends AnySchema>(data: T) {
  return v.union([okEnvelope(data), ErrorEnvelopeSchema])
}
export type Envelope<T> = OkEnvelope<T> | ErrorEnvelope

/** Flattens valibot issues into the `fields` map of a 400 answer. */
export function fieldErrors(issues: readonly [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]): FieldErrors {
  const flat = v.flatten(issues)
  const fields: FieldErrors = {}
  if (flat.root) fields[''] = flat.root
  for (const [key, messages] of Object.entries(flat.nested ?? {})) {
    if (messages) fields[key] = messages
  }
  return fields
}
