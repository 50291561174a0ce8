// The member: identity, profile, settings, social profiles, referrals, export.
import * as v from 'valibot'
import { AddressSchema } from './address'
import { CategorySchema, EmptyBodySchema, IsoDate, SocialPlatformSchema, Timestamp, HttpUrl, text } from './common'
import { SuspensionNoticeSchema } from './suspension'

/** Identity as the suite sees it after verifying the Bearer token (GET api/user). */
export const ApiUserSchema = v.strictObject({
  uid: v.string(),
  email: v.nullable(v.string()),
  emailVerified: v.boolean(),
  phoneVerified: v.boolean(),
  displayName: v.nullable(v.string()),
  signInProvider: v.nullable(v.string()),
  authTime: Timestamp,
})
export type ApiUser = v.InferOutput<typeof ApiUserSchema>

/** GET api/member: what every page header needs. */
export const MemberSummarySchema = v.strictObject({
  id: v.string(),
  uid: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  displayName: v.string(),
  email: v.nullable(v.string()),
  emailVerified: v.boolean(),
  phone: v.nullable(v.string()),
  phoneVerified: v.boolean(),
  hasAddress: v.boolean(),
  pointsBalance: v.number(),
  referralCode: v.string(),
  createdAt: Timestamp,
})
export type MemberSummary = v.InferOutput<typeof MemberSummarySchema>

export const GENDERS = ['female', 'male', 'non-binary', 'prefer-not-to-say'] as const
export const PETS = ['dog', 'cat', 'small-animal', 'bird', 'fish', 'other'] as const

/** ISO 639-1 language codes. */
export const LanguageCode = v.pipe(v.string(), v.regex(/^[a-z]{2}$/, 'must be a two-letter language code'))

export const PreferencesSchema = v.strictObject({
  interests: v.pipe(v.array(CategorySchema), v.maxLength(20)),
  children: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(20)),
  pets: v.pipe(v.array(v.picklist(PETS)), v.maxLength(10)),
})
export type Preferences = v.InferOutput<typeof PreferencesSchema>

/** IBAN check digits (ISO 13616, mod 97). */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase()
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false
  const rearranged = iban.slice(4) + iban.slice(0, 4)
  let remainder = 0
  for (const ch of rearranged) {
    const digits = /[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97
  }
  return remainder === 1
}

export const PayoutSchema = v.variant('method', [
  v.strictObject({ method: v.literal('paypal'), email: v.pipe(v.string(), v.trim(), v.email('must be an e-mail address')) }),
  v.strictObject({
    method: v.literal('iban'),
    accountHolder: text(120),
    iban: v.pipe(
      v.string(),
      v.transform((s) => s.replace(/\s+/g, '').toUpperCase()),
      v.check(isValidIban, 'is not a valid IBAN'),
    ),
  }),
])
export type Payout = v.InferOutput<typeof PayoutSchema>

const birthDate = v.pipe(
  IsoDate,
  v.check((d) => {
    const born = new Date(`${d}T00:00:00Z`)
    const sixteen = new Date(born)
    sixteen.setUTCFullYear(born.getUTCFullYear() + 16)
    return born.getUTCFullYear() >= 1900 && sixteen.getTime() <= Date.now()
  }, 'members must be at least 16'),
)

export const MemberSchema = v.strictObject({
  ...MemberSummarySchema.entries,
  birthDate: v.nullable(v.string()),
  gender: v.nullable(v.picklist(GENDERS)),
  languages: v.array(v.string()),
  preferences: PreferencesSchema,
  payout: v.nullable(PayoutSchema),
  referredBy: v.boolean(),
})
export type Member = v.InferOutput<typeof MemberSchema>

/** POST suite/api/members: create the member record after registration (idempotent). */
export const CreateMemberBodySchema = v.strictObject({
  firstName: text(80),
  lastName: text(80),
  displayName: v.optional(text(60)),
  birthDate: v.optional(birthDate),
  referralCode: v.optional(v.pipe(v.string(), v.trim(), v.toUpperCase(), v.maxLength(16))),
})
export type CreateMemberBody = v.InferInput<typeof CreateMemberBodySchema>

/** PATCH suite/api/members/update-profile: only the fields sent change. */
export const UpdateProfileBodySchema = v.pipe(
  v.strictObject({
    firstName: v.optional(text(80)),
    lastName: v.optional(text(80)),
    displayName: v.optional(text(60)),
    birthDate: v.optional(v.nullable(birthDate)),
    gender: v.optional(v.nullable(v.picklist(GENDERS))),
    languages: v.optional(v.pipe(v.array(LanguageCode), v.maxLength(20))),
    preferences: v.optional(PreferencesSchema),
    payout: v.optional(v.nullable(PayoutSchema)),
  }),
  v.check((body) => Object.keys(body).length > 0, 'nothing to update'),
)
export type UpdateProfileBody = v.InferInput<typeof UpdateProfileBodySchema>

/** GET logistics/v1/members/member_info */
export const MemberInfoSchema = v.strictObject({
  member: MemberSummarySchema,
  address: v.nullable(AddressSchema),
  languages: v.array(v.string()),
  activeParticipations: v.number(),
  completedParticipations: v.number(),
  /** The suspension in force, if any: the member may read, export and delete their data, not apply, post or redeem. */
  suspension: v.nullable(SuspensionNoticeSchema),
})
export type MemberInfo = v.InferOutput<typeof MemberInfoSchema>

const channelSettings = v.strictObject({
  newCampaigns: v.boolean(),
  shipmentUpdates: v.boolean(),
  reminders: v.boolean(),
  newsletter: v.boolean(),
})
/** Topics sent by e-mail only: the newsletter is long-form, no text message carries it (saved off by text). */
export const EMAIL_ONLY_TOPICS: ReadonlyArray<keyof v.InferOutput<typeof channelSettings>> = ['newsletter']
/** GET|PUT logistics/v1/members/notifications (PUT sends the whole settings). */
export const NotificationSettingsSchema = v.strictObject({ email: channelSettings, sms: channelSettings })
export type NotificationSettings = v.InferOutput<typeof NotificationSettingsSchema>

export const SocialProfileInputSchema = v.strictObject({
  platform: SocialPlatformSchema,
  handle: v.pipe(text(100), v.regex(/^[^\s]+$/, 'must not contain spaces')),
  url: v.optional(HttpUrl),
  followers: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000_000)),
})
export type SocialProfileInput = v.InferInput<typeof SocialProfileInputSchema>
export const SocialProfileDeleteQuerySchema = v.strictObject({ platform: SocialPlatformSchema })

export const SocialProfileSchema = v.strictObject({
  platform: SocialPlatformSchema,
  handle: v.string(),
  url: v.nullable(v.string()),
  followers: v.number(),
  updatedAt: Timestamp,
})
export type SocialProfile = v.InferOutput<typeof SocialProfileSchema>
export const SocialProfilesResultSchema = v.strictObject({ profiles: v.array(SocialProfileSchema) })
export type SocialProfilesResult = v.InferOutput<typeof SocialProfilesResultSchema>

/** POST logistics/v1/members/is_valid_referral_code (works signed out, at registration). */
export const ReferralCodeCheckBodySchema = v.strictObject({
  code: v.pipe(v.string(), v.trim(), v.toUpperCase(), v.maxLength(32)),
})
export const ReferralCodeCheckResultSchema = v.strictObject({ valid: v.boolean() })
export type ReferralCodeCheckResult = v.InferOutput<typeof ReferralCodeCheckResultSchema>

/** GET logistics/v1/members/my_referrals: statuses only, never the other member's personal data. */
export const ReferralSchema = v.strictObject({
  id: v.string(),
  status: v.picklist(['pending', 'accepted']),
  joinedAt: Timestamp,
  acceptedAt: v.nullable(Timestamp),
  pointsAwarded: v.number(),
})
export const MyReferralsSchema = v.strictObject({
  referralCode: v.string(),
  pointsPerReferral: v.number(),
  referrals: v.array(ReferralSchema),
})
export type MyReferrals = v.InferOutput<typeof MyReferralsSchema>

/** POST logistics/v1/members/pseudonymize: irreversible, so the body must confirm it. */
export const PseudonymizeBodySchema = v.strictObject({ confirm: v.literal(true, 'must be true to delete the account') })

/** What an account deletion removes; the receipt lists those that held something, and always the account itself. */
export const DELETION_REMOVED = [
  'profile',
  'contact',
  'birth-date-gender',
  'languages-preferences',
  'address',
  'payout',
  'social-profiles',
  'social-posts',
  'screener-answers',
  'return-comments',
  'unpublished-reviews',
  'review-photos',
  'codes-and-messages',
  'sign-in-account',
  'sessions',
] as const
export type DeletionRemoved = (typeof DELETION_REMOVED)[number]

/**
 * What an account deletion keeps, none of it naming the member: published reviews (shown as
 * "Former member"), the records of reimbursements, rewards and points that tax and accounting law
 * requires, and the participations as anonymous counts.
 */
export const DELETION_KEPT = ['published-reviews', 'accounting-records', 'participation-history'] as const
export type DeletionKept = (typeof DELETION_KEPT)[number]

/** The deletion receipt: shown once, and e-mailed to the address held before the deletion. */
export const DeletionReceiptSchema = v.strictObject({
  /** `DEL-` and ten letters or digits; support finds the deleted record by it. */
  reference: v.pipe(v.string(), v.regex(/^DEL-[A-Z0-9]{10}$/)),
  deletedAt: Timestamp,
  removed: v.array(v.picklist(DELETION_REMOVED)),
  kept: v.array(v.picklist(DELETION_KEPT)),
  /** Open applications withdrawn by the deletion. */
  withdrawnParticipations: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** Where the receipt was sent, masked (`a•••@example.com`); null when the account had no e-mail address. */
  sentTo: v.nullable(v.string()),
})
export type DeletionReceipt = v.InferOutput<typeof DeletionReceiptSchema>

export const PseudonymizeResultSchema = v.strictObject({ pseudonymizedAt: Timestamp, receipt: DeletionReceiptSchema })
export type PseudonymizeResult = v.InferOutput<typeof PseudonymizeResultSchema>

/** POST downloadPDF/api/download-pdf takes no options. */
export const DownloadPdfBodySchema = EmptyBodySchema

export const UpdateEmailBodySchema = v.strictObject({
  email: v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email('must be an e-mail address'), v.maxLength(254)),
})
export const UpdatePhoneBodySchema = v.strictObject({
  phone: v.pipe(v.string(), v.trim(), v.minLength(1, 'is required'), v.maxLength(32)),
  country: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/, 'must be a country code'))),
})
