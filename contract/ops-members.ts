// Members for support: search, a member's record, and what support does for a member.
import * as v from 'valibot'
import { Uuid } from './common'
import { SentMessageSchema } from './messages'
import { OpsPageNumber, OpsPageSize } from './staff'
import { OpsSuspensionSchema } from './suspension'

export const MemberSearchQuerySchema = v.strictObject({
  q: v.pipe(v.string(), v.trim(), v.minLength(2, 'type at least 2 characters'), v.maxLength(120)),
  page: OpsPageNumber,
  pageSize: OpsPageSize,
})

export const MemberHitSchema = v.strictObject({
  memberId: v.string(),
  displayName: v.string(),
  name: v.string(),
  /** Only for roles that may see contact details (members:contact); null otherwise. */
  email: v.nullable(v.string()),
  referralCode: v.string(),
  createdAt: v.string(),
  deleted: v.boolean(),
  /** A suspension is in force. */
  suspended: v.boolean(),
})
export const MemberSearchResultSchema = v.strictObject({ items: v.array(MemberHitSchema), page: v.number(), pageSize: v.number(), total: v.number() })
export type MemberSearchResult = v.InferOutput<typeof MemberSearchResultSchema>

/**
 * What two accounts share that suggests one person or one household: a normalised e-mail address or
 * postal address, a verified phone number, a payout account, a device (the portal's device cookie),
 * or a network address seen at sign-up or application within a short window of each other.
 */
export const ACCOUNT_LINK_KINDS = ['email', 'address', 'phone', 'payout', 'device', 'network'] as const
export type AccountLinkKind = (typeof ACCOUNT_LINK_KINDS)[number]
/**
 * Staff's ruling that two linked accounts are two people: the link stops counting. `byStaffEmail`
 * names who ruled as the audit log names them (null where it does not).
 */
export const LinkRulingSchema = v.strictObject({ note: v.string(), byStaffId: v.string(), byStaffEmail: v.nullable(v.string()), at: v.string() })
export type LinkRuling = v.InferOutput<typeof LinkRulingSchema>
export const AccountLinkSchema = v.strictObject({
  memberId: v.string(),
  displayName: v.string(),
  kind: v.picklist(ACCOUNT_LINK_KINDS),
  firstSeenAt: v.string(),
  lastSeenAt: v.string(),
  /** Set when staff marked the two accounts "not the same person": the link no longer counts. */
  ruling: v.nullable(LinkRulingSchema),
})
export type AccountLink = v.InferOutput<typeof AccountLinkSchema>

export const OpsMemberSchema = v.strictObject({
  memberId: v.string(),
  displayName: v.string(),
  name: v.string(),
  email: v.nullable(v.string()),
  emailVerified: v.boolean(),
  phone: v.nullable(v.string()),
  referralCode: v.string(),
  createdAt: v.string(),
  deleted: v.boolean(),
  standing: v.strictObject({ tier: v.string(), score: v.number() }),
  pointsBalance: v.number(),
  points: v.array(v.strictObject({ points: v.number(), reason: v.string(), at: v.string() })),
  participations: v.array(
    v.strictObject({
      participationId: v.string(),
      campaignId: v.string(),
      campaignTitle: v.string(),
      flightName: v.string(),
      status: v.string(),
      appliedAt: v.string(),
      withdrawable: v.boolean(),
    }),
  ),
  /** The newest messages to the member (by their id, or older rows by address), without bodies. */
  messages: v.array(SentMessageSchema),
  /** Other accounts that share the member's normalised e-mail or postal address (staff only; never shown to members). */
  links: v.array(AccountLinkSchema),
  /** The suspension in force, if any. */
  suspension: v.nullable(OpsSuspensionSchema),
  /** Every suspension, newest first (the one in force among them). */
  suspensions: v.array(OpsSuspensionSchema),
})
export type OpsMember = v.InferOutput<typeof OpsMemberSchema>

/** Goodwill points one staff person grants within a day, above which a grant needs a recent sign-in. */
export const GOODWILL_POINTS_WITHOUT_REAUTH = 500

export const GoodwillBodySchema = v.strictObject({
  /** Made once per grant in the browser: the same request sent again (a retry) grants nothing more. */
  requestId: Uuid,
  points: v.pipe(v.number(), v.integer('must be a whole number'), v.minValue(1), v.maxValue(10_000)),
  reason: v.pipe(v.string(), v.trim(), v.minLength(3, 'say why'), v.maxLength(200)),
})
export const GoodwillResultSchema = v.strictObject({ granted: v.number(), balance: v.number() })

export const SupportWithdrawBodySchema = v.strictObject({
  /** What the member asked, for the audit log. */
  note: v.pipe(v.string(), v.trim(), v.minLength(3, 'say what the member asked'), v.maxLength(200)),
})
export const SupportWithdrawResultSchema = v.strictObject({ participationId: v.string(), status: v.string() })

/** "Not the same person": why staff hold the two linked accounts to be two people (for the audit log and the member page). */
export const LinkRulingBodySchema = v.strictObject({
  note: v.pipe(v.string(), v.trim(), v.minLength(1, 'say why they are two people'), v.maxLength(500)),
})
export type LinkRulingBody = v.InferOutput<typeof LinkRulingBodySchema>
/** The pair's ruling after the change: null once withdrawn. */
export const LinkRulingResultSchema = v.strictObject({ ruling: v.nullable(LinkRulingSchema) })

export const VerificationSentSchema = v.strictObject({ sent: v.literal(true) })
