// Operator commands: the ops CLI (suite/ops.ts) runs them against the database, or, while the
// member API holds the embedded database in local mode, through the member API's dev endpoint.
import * as v from 'valibot'
import { CampaignDefinitionSchema } from './campaign-authoring'
import { TierSchema } from './standing'
import { RoleSchema } from './staff'
import { RejectionReasonSchema } from './review-rejection'
import { noteGivenForOther, SuspendFieldsSchema } from './suspension'

const id = v.pipe(v.string(), v.uuid('must be an id'))

/** Participations by the state an operator acts on, then the shipment and moderation queues. */
export const PARTICIPATION_LISTS = ['waitlisted', 'selected', 'shipped', 'awaiting-review'] as const
export const LISTS = [...PARTICIPATION_LISTS, 'pending-reviews', 'pending-shipments', 'returns', 'products'] as const
export type ListName = (typeof LISTS)[number]

export const OpsCommandSchema = v.variant('command', [
  v.strictObject({ command: v.literal('select'), participationId: id }),
  v.strictObject({
    command: v.literal('ship'),
    id,
    carrier: v.pipe(v.string(), v.minLength(1), v.maxLength(60)),
    tracking: v.pipe(v.string(), v.minLength(1), v.maxLength(60)),
  }),
  v.strictObject({ command: v.literal('deliver'), id }),
  v.strictObject({ command: v.literal('approve-review'), reviewId: id }),
  v.strictObject({
    command: v.literal('reject-review'),
    reviewId: id,
    /** The note to the author. */
    reason: v.pipe(v.string(), v.minLength(3), v.maxLength(500)),
    /** One of the rejection reasons; `other` when not given. */
    code: v.optional(RejectionReasonSchema, 'other'),
  }),
  v.strictObject({ command: v.literal('issue-return-label'), id, labelUrl: v.pipe(v.string(), v.url()) }),
  v.strictObject({ command: v.literal('mark-returned'), id }),
  v.strictObject({
    command: v.literal('grant-points'),
    email: v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email('must be an e-mail address')),
    points: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000)),
    reason: v.pipe(v.string(), v.trim(), v.minLength(3), v.maxLength(200)),
  }),
  v.strictObject({ command: v.literal('standing'), email: v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email('must be an e-mail address')) }),
  v.strictObject({
    command: v.literal('set-min-tier'),
    campaign: v.pipe(v.string(), v.minLength(1), v.maxLength(120)),
    tier: v.union([TierSchema, v.literal('none')], 'must be newcomer, tester, trusted, top or none'),
  }),
  v.strictObject({ command: v.literal('delete-identities') }),
  /** Suspends the member as support does in the console: a reason from the list (a note for `other`), until a date or until lifted. */
  v.pipe(
    v.strictObject({
      command: v.literal('suspend'),
      email: v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email('must be an e-mail address')),
      reason: SuspendFieldsSchema.entries.reason,
      note: v.optional(SuspendFieldsSchema.entries.note, ''),
      until: v.optional(SuspendFieldsSchema.entries.until, null),
    }),
    v.forward(
      v.check((cmd) => noteGivenForOther(cmd), 'say why with --note'),
      ['note'],
    ),
  ),
  v.strictObject({ command: v.literal('lift-suspension'), email: v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email('must be an e-mail address')) }),
  v.strictObject({
    command: v.picklist(['staff-grant', 'staff-revoke']),
    email: v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email('must be an e-mail address')),
    role: RoleSchema,
  }),
  v.strictObject({ command: v.literal('staff-list') }),
  /** Removes every second factor of the person (a lost phone), audited; they enrol again. */
  v.strictObject({
    command: v.literal('staff-reset-second-factor'),
    email: v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email('must be an e-mail address')),
  }),
  /** Local mode only: the current code of the account's authenticator app (the demo accounts' keys are published). */
  v.strictObject({ command: v.literal('second-factor-code'), email: v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email('must be an e-mail address')) }),
  /** Local mode only: an authenticator with this setup key for the account, confirmed at once (browser tests). */
  v.strictObject({
    command: v.literal('second-factor-enrol'),
    email: v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email('must be an e-mail address')),
    key: v.pipe(v.string(), v.regex(/^[A-Z2-7]{16,64}$/, 'must be a base32 setup key')),
  }),
  v.strictObject({ command: v.literal('purge'), days: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(3650))) }),
  /** Tell the applicants of curated flights whose sign-up has closed that they were not chosen (the member API does it every 5 minutes). */
  v.strictObject({ command: v.literal('tell-unchosen') }),
  v.strictObject({ command: v.literal('send-reminders') }),
  v.strictObject({ command: v.literal('campaign-create'), definition: CampaignDefinitionSchema }),
  v.strictObject({ command: v.literal('list'), what: v.picklist(LISTS), campaign: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(120))) }),
])
export type OpsCommand = v.InferOutput<typeof OpsCommandSchema>
