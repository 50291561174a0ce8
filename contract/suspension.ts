// Suspending a member: why (a fixed list; `other` needs a note), until when (or until lifted), and
// what the member and support read of it. A suspension counts while it is not lifted and its `until`
// is still ahead: one past its date stops counting by itself, with no job to run.
import * as v from 'valibot'
import { Timestamp } from './common'

/** Why support suspends a member; `other` needs a note. */
export const SUSPENSION_REASONS = ['several-accounts', 'false-review', 'products-resold', 'staff-abuse', 'other'] as const
export type SuspensionReason = (typeof SUSPENSION_REASONS)[number]
export const SuspensionReasonSchema = v.picklist(SUSPENSION_REASONS, 'must be one of the suspension reasons')

/** Where a suspended member appeals: a reply to the e-mail reaches this address, as does the support page. */
export const SUPPORT_EMAIL = 'support@testerscircle.example'

/** The suspension's fields; SuspendBodySchema adds the rule that `other` needs a note. */
export const SuspendFieldsSchema = v.strictObject({
  reason: SuspensionReasonSchema,
  /** Told to the member with the reason (in the e-mail and on their pages). Required for `other`. */
  note: v.pipe(v.string(), v.trim(), v.maxLength(500, 'at most 500 characters')),
  /** The end of the suspension, ahead of now; null: until it is lifted. */
  until: v.nullable(Timestamp),
})

/** A reason `other` needs a note of 3 characters or more. */
export const noteGivenForOther = (body: { reason: string; note: string }): boolean => body.reason !== 'other' || body.note.trim().length >= 3

export const SuspendBodySchema = v.pipe(
  SuspendFieldsSchema,
  v.forward(
    v.check((body) => noteGivenForOther(body), 'say why'),
    ['note'],
  ),
)
export type SuspendBody = v.InferOutput<typeof SuspendBodySchema>

/** What the member reads of their suspension (member_info): why, since and until when. */
export const SuspensionNoticeSchema = v.strictObject({
  reason: SuspensionReasonSchema,
  note: v.nullable(v.string()),
  since: Timestamp,
  /** Null: until support lifts it. */
  until: v.nullable(Timestamp),
})
export type SuspensionNotice = v.InferOutput<typeof SuspensionNoticeSchema>

/** A suspension in the member's data export: what they were told, and when it was lifted. */
export const MemberSuspensionRecordSchema = v.strictObject({ ...SuspensionNoticeSchema.entries, liftedAt: v.nullable(Timestamp) })

/** One suspension as support reads it, in force or past. */
export const OpsSuspensionSchema = v.strictObject({
  id: v.string(),
  reason: SuspensionReasonSchema,
  note: v.nullable(v.string()),
  since: Timestamp,
  until: v.nullable(Timestamp),
  suspendedBy: v.nullable(v.string()),
  liftedAt: v.nullable(Timestamp),
  liftedBy: v.nullable(v.string()),
  /** Not lifted and not past its date. */
  inForce: v.boolean(),
})
export type OpsSuspension = v.InferOutput<typeof OpsSuspensionSchema>

export const SuspendResultSchema = v.strictObject({
  suspension: OpsSuspensionSchema,
  /** Applications and waitlist places given up by the suspension. */
  released: v.number(),
})
export const LiftResultSchema = v.strictObject({ suspension: OpsSuspensionSchema })
