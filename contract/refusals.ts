// Why the member API refused a request, as a code the portal can act on: the envelope's `reason`.
// The portal decides by the code and its details, never by the message's wording, and says it in
// its own catalog's words. An endpoint declares the reasons it may send (its entry's `refusals`),
// so a page's handling of them is type-checked against what the endpoint can answer.
import * as v from 'valibot'
import { PUBLISH_REQUIREMENTS } from './ops-campaigns'
import { ACCOUNT_LINK_KINDS } from './ops-members'

export const RefusalSchema = v.variant('code', [
  /** The edit was made on an older version (of a campaign, a product): someone saved in between. */
  v.strictObject({ code: v.literal('stale-edit'), changedBy: v.nullable(v.string()), changedAt: v.pipe(v.string(), v.isoTimestamp()) }),
  /** The campaign lacks what members need of it before it can be published. */
  v.strictObject({ code: v.literal('not-publishable'), missing: v.pipe(v.array(v.picklist(PUBLISH_REQUIREMENTS)), v.minLength(1)) }),
  /** The e-mail address or phone number belongs to another account. */
  v.strictObject({ code: v.literal('in-use') }),
  /** The brand invitation was accepted, has expired or was withdrawn. */
  v.strictObject({ code: v.literal('invitation-closed'), state: v.picklist(['accepted', 'expired', 'withdrawn']) }),
  /** The account is a user of another brand already (a brand user belongs to one brand). */
  v.strictObject({ code: v.literal('other-brand') }),
  /** The account's e-mail address is not confirmed yet. */
  v.strictObject({ code: v.literal('email-unconfirmed') }),
  /** A staff account: it sees every brand in the console and cannot be a brand's user. */
  v.strictObject({ code: v.literal('staff-account') }),
  /** Text messages are not sent to numbers in this country. */
  v.strictObject({ code: v.literal('country-not-served') }),
  /** No one-time code is open for this address or number (none was sent, or a newer one replaced it). */
  v.strictObject({ code: v.literal('no-open-code') }),
  /** The one-time code is older than its lifetime. */
  v.strictObject({ code: v.literal('code-expired') }),
  /**
   * An image file was not taken, or an image not removed: not a JPEG, PNG, WebP or HEIC image
   * (`type`), too large (`size`), not readable as an image (`unreadable`), one too many (`count`), or
   * the last image of a product a published campaign tests (`last`).
   */
  v.strictObject({ code: v.literal('image-refused'), problem: v.picklist(['type', 'size', 'unreadable', 'count', 'last']) }),
  /** The authenticator's code was accepted once already: each works once, the next comes within 30 seconds. */
  v.strictObject({ code: v.literal('code-used') }),
  /** The passkey's answer was not accepted (another device, a cancelled or expired request). */
  v.strictObject({ code: v.literal('passkey-refused') }),
  /** The account must hold a second factor (staff, brand users): its last one cannot be removed. */
  v.strictObject({ code: v.literal('last-second-factor') }),
  /** The account holds as many second factors as it may. */
  v.strictObject({ code: v.literal('too-many-factors') }),
  /** Recovery codes stand in for a second factor: the account holds none yet. */
  v.strictObject({ code: v.literal('no-second-factor') }),
  /** The member has uploaded as many photos as they may in the last hour (PHOTO_UPLOADS_PER_HOUR): nothing was stored (HTTP 429, Retry-After). */
  v.strictObject({ code: v.literal('too-many-uploads') }),
  /** The member API is working on as many images as it takes at once, with a full line waiting: nothing was stored; try again shortly (HTTP 503, Retry-After). */
  v.strictObject({ code: v.literal('image-queue-full') }),
  /**
   * The person's exports are at their limit (EXPORTS_AT_ONCE running at once, or EXPORTS_PER_HOUR
   * started within the hour, contract/staff.ts): nothing was read. `retryAfterSeconds` says when one
   * may start again (answered with 429 and Retry-After).
   */
  v.strictObject({
    code: v.literal('export-limit'),
    limit: v.picklist(['at-once', 'per-hour']),
    retryAfterSeconds: v.pipe(v.number(), v.integer(), v.minValue(1)),
  }),
  /**
   * A statement of the call ran past the database's time limit and was cancelled: nothing it was
   * to change was changed (answered with 503, UNAVAILABLE, by any endpoint). Try again in a moment.
   */
  v.strictObject({ code: v.literal('statement-timeout') }),
  /**
   * The test takes one tester per household: these of the applicants chosen live at an address where
   * someone holds a place in it, or where another of those chosen lives. Nothing was selected.
   */
  v.strictObject({ code: v.literal('household'), participationIds: v.pipe(v.array(v.string()), v.minLength(1)) }),
  /**
   * Some of the applicants chosen are linked to other accounts by links that count (not ruled "not
   * the same person"): each with what the links share and whether a linked account applied to this
   * campaign too. Nothing was selected; sent again with `confirmLinked`, the selection goes ahead.
   */
  v.strictObject({
    code: v.literal('linked-applicants'),
    applicants: v.pipe(
      v.array(
        v.strictObject({ participationId: v.string(), kinds: v.pipe(v.array(v.picklist(ACCOUNT_LINK_KINDS)), v.minLength(1)), inThisCampaign: v.boolean() }),
      ),
      v.minLength(1),
    ),
  }),
  /**
   * The member is suspended (contract/suspension.ts): they may read, export and delete their data,
   * but not apply, post reviews or social posts, or redeem points. `until` is its end, null until lifted.
   */
  v.strictObject({ code: v.literal('suspended'), until: v.nullable(v.pipe(v.string(), v.isoTimestamp())) }),
  /** The one-time code is not the one sent; `triesLeft` more may be made before a new one is needed. */
  v.strictObject({ code: v.literal('wrong-code'), triesLeft: v.pipe(v.number(), v.integer(), v.minValue(1)) }),
])
export type Refusal = v.InferOutput<typeof RefusalSchema>
export type RefusalCode = Refusal['code']
export const REFUSAL_CODES = RefusalSchema.options.map((option) => option.entries.code.literal) as RefusalCode[]

/** The reasons an endpoint declares (its entry's `refusals`), with their details. */
export type RefusalOf<E extends { refusals?: readonly RefusalCode[] }> = E['refusals'] extends readonly (infer C)[] ? Extract<Refusal, { code: C }> : never
