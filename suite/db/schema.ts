// Database schema of the member API. Migrations are generated from this file with drizzle-kit
// (`npx drizzle-kit generate --config suite/drizzle.config.ts`) and checked in under ./migrations.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { bigint, boolean, date, index, integer, jsonb, numeric, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import {
  CAMPAIGN_KINDS,
  CAMPAIGN_STATUSES,
  SELECTION_MODES,
  type Eligibility,
  type IneligibleReason,
  type ScreenerQuestion,
  type TasksInput,
} from '../../contract/campaigns'
import { SOCIAL_PLATFORMS } from '../../contract/common'
import { REVIEW_STATUSES } from '../../contract/content'
import type { ReviewPhoto } from '../../contract/review-photos'
import { REJECTION_REASONS } from '../../contract/review-rejection'
import { SIGHTING_EVENTS, SIGHTING_KINDS } from '../../contract/sightings'
import { ROLES } from '../../contract/staff'
import { SUSPENSION_REASONS } from '../../contract/suspension'
import type { AuditState } from '../../contract/ops-audit'
import { ACCOUNT_LINK_KINDS } from '../../contract/ops-members'
import type { NotificationSettings, Payout, Preferences } from '../../contract/members'
import { MESSAGE_CHANNELS } from '../../contract/outbox'
import type { MessageTopic } from '../../contract/messages'
import { PARTICIPATION_STATUSES, RETURN_STATUSES, SHIPMENT_STATUSES, type ParticipationStatus, type ScreenerAnswer } from '../../contract/participations'

const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`)
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

// Columns that hold one of the contract's fixed values are enums: the database refuses any other
// value, and a row read back is typed with the contract's union, not as a string.
export const participationStatus = pgEnum('participation_status', PARTICIPATION_STATUSES)
export const shipmentStatus = pgEnum('shipment_status', SHIPMENT_STATUSES)
export const returnStatus = pgEnum('return_status', RETURN_STATUSES)
export const reviewStatus = pgEnum('review_status', REVIEW_STATUSES)
export const campaignKind = pgEnum('campaign_kind', CAMPAIGN_KINDS)
export const campaignStatus = pgEnum('campaign_status', CAMPAIGN_STATUSES)
export const selectionMode = pgEnum('selection_mode', SELECTION_MODES)
export const socialPlatform = pgEnum('social_platform', SOCIAL_PLATFORMS)
export const messageChannel = pgEnum('message_channel', MESSAGE_CHANNELS)
export const staffRole = pgEnum('staff_role', ROLES)
export const rejectionCode = pgEnum('rejection_code', REJECTION_REASONS)
export const suspensionReason = pgEnum('suspension_reason', SUSPENSION_REASONS)

export const members = pgTable(
  'members',
  {
    id: id(),
    /** Firebase uid; every member query is scoped by it. */
    uid: text('uid').notNull(),
    email: text('email'),
    emailVerified: boolean('email_verified').notNull().default(false),
    phone: text('phone'),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    /** The member turned on two-step sign-in: their calls answer only in a session that passed it (kept with their factors). */
    secondFactorOn: boolean('second_factor_on').notNull().default(false),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    displayName: text('display_name').notNull().default(''),
    birthDate: date('birth_date', { mode: 'string' }),
    gender: text('gender'),
    languages: jsonb('languages').$type<string[]>().notNull().default([]),
    preferences: jsonb('preferences').$type<Preferences>().notNull().default({ interests: [], children: 0, pets: [] }),
    payout: jsonb('payout').$type<Payout>(),
    notificationSettings: jsonb('notification_settings').$type<NotificationSettings>().notNull(),
    referralCode: text('referral_code').notNull(),
    referredById: uuid('referred_by_id'),
    /** Set when a referred member finishes their first test. */
    referralAcceptedAt: ts('referral_accepted_at'),
    createdAt: ts('created_at').notNull(),
    /** Set by POST suite/api/members (the record itself may exist earlier, from the first call). */
    registeredAt: ts('registered_at'),
    updatedAt: ts('updated_at').notNull(),
    pseudonymizedAt: ts('pseudonymized_at'),
    /** The reference on the deletion receipt (`DEL-…`), so support can find the deleted record by it. */
    deletionReference: text('deletion_reference'),
    /**
     * Set when the Firebase user of a deleted account is gone. Null on a pseudonymised member means the
     * deletion fell back to disabling the user; the `delete-identities` operator command finishes it.
     */
    identityDeletedAt: ts('identity_deleted_at'),
    /** The e-mail address in the form shared by the addresses that reach one mailbox (normaliseEmail), written with `email`. */
    emailKey: text('email_key'),
    /** The payout account in the form shared by the ways one account is written (payoutKey in services/normalise.ts), written with `payout`. */
    payoutKey: text('payout_key'),
  },
  (t) => [
    uniqueIndex('members_uid_key').on(t.uid),
    index('members_email_key_idx').on(t.emailKey),
    // Staff search members by the start of an e-mail address, a first, last, full or display name,
    // in any case: each is an index of the lowercased text in byte order, which a LIKE 'start%'
    // reads as a range (staff/members.ts).
    index('members_email_prefix_idx').using('btree', sql`lower(${t.email}) text_pattern_ops`),
    index('members_first_name_prefix_idx').using('btree', sql`lower(${t.firstName}) text_pattern_ops`),
    index('members_last_name_prefix_idx').using('btree', sql`lower(${t.lastName}) text_pattern_ops`),
    index('members_full_name_prefix_idx').using('btree', sql`lower(${t.firstName} || ' ' || ${t.lastName}) text_pattern_ops`),
    index('members_display_name_prefix_idx').using('btree', sql`lower(${t.displayName}) text_pattern_ops`),
    uniqueIndex('members_referral_code_key').on(t.referralCode),
    index('members_email_idx').on(t.email),
    index('members_phone_idx').on(t.phone),
    index('members_payout_key_idx').on(t.payoutKey),
    index('members_referred_by_idx').on(t.referredById),
  ],
)

export const addresses = pgTable(
  'addresses',
  {
    memberId: uuid('member_id')
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2'),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    region: text('region'),
    country: text('country').notNull(),
    updatedAt: ts('updated_at').notNull(),
    /**
     * The household the address belongs to (householdKey in services/normalise.ts): written with
     * every save; rows saved before it existed are filled in by the `fill-link-keys` job (backfillHouseholdKeys).
     */
    householdKey: text('household_key'),
  },
  (t) => [index('addresses_household_key_idx').on(t.householdKey)],
)

export const accountLinkKind = pgEnum('account_link_kind', ACCOUNT_LINK_KINDS)

/**
 * A link between two accounts, kept in both directions (one row per account and kind): written
 * when an e-mail address is taken on or an address is saved that another account shares, in its
 * normal form (services/normalise.ts). `lastSeenAt` moves each time the link is seen again.
 */
export const accountLinks = pgTable(
  'account_links',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    linkedMemberId: uuid('linked_member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: accountLinkKind('kind').notNull(),
    firstSeenAt: ts('first_seen_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.linkedMemberId, t.kind] }), index('account_links_linked_idx').on(t.linkedMemberId)],
)

/**
 * Staff's ruling that two linked accounts are two people ("not the same person"), kept in both
 * directions like the links: every link between the two stops counting, whatever its kind,
 * including kinds seen after the ruling. Audited when made.
 */
export const accountLinkRulings = pgTable(
  'account_link_rulings',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    linkedMemberId: uuid('linked_member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    note: text('note').notNull(),
    /** The staff person's Firebase uid. */
    ruledBy: text('ruled_by').notNull(),
    ruledAt: ts('ruled_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.linkedMemberId] })],
)

export const sightingKind = pgEnum('sighting_kind', SIGHTING_KINDS)
export const sightingEvent = pgEnum('sighting_event', SIGHTING_EVENTS)

/**
 * A device or network address seen when a member signed up or applied: the device cookie the
 * portal sets, or the browser's network address. Kept only as a keyed hash (the value itself is not
 * stored), for a limited time (retention), and deleted with the account. Two accounts seen with one
 * device are linked; with one network address, only when seen within a short window of each other.
 */
export const memberSightings = pgTable(
  'member_sightings',
  {
    id: id(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: sightingKind('kind').notNull(),
    valueHash: text('value_hash').notNull(),
    event: sightingEvent('event').notNull(),
    seenAt: ts('seen_at').notNull(),
  },
  (t) => [
    index('member_sightings_value_idx').on(t.kind, t.valueHash, t.seenAt),
    index('member_sightings_member_idx').on(t.memberId),
    index('member_sightings_seen_idx').on(t.seenAt),
  ],
)

export const socialProfiles = pgTable(
  'social_profiles',
  {
    id: id(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    platform: socialPlatform('platform').notNull(),
    handle: text('handle').notNull(),
    url: text('url'),
    followers: integer('followers').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('social_profiles_member_platform_key').on(t.memberId, t.platform)],
)

/** Product categories are data an admin extends; a product, a member's interests and a rule name one by slug. */
export const categories = pgTable('categories', {
  slug: text('slug').primaryKey(),
  name: text('name').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
})

/**
 * A brand: the organisation that owns products, and so their campaigns, and whose users (brand
 * viewers) follow those campaigns. A product names its brand by label; the trigger
 * products_brand_account (migration 0017) binds it to the brand of that name (case aside), adding
 * the brand when it is new, so every way a product is written (console, seed, generator) agrees.
 */
export const brands = pgTable(
  'brands',
  {
    id: id(),
    name: text('name').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('brands_name_idx').on(sql`lower(${t.name})`)],
)

/** Brand viewers: one brand per person, read on every brand call (a removal counts from the next call). */
export const brandUsers = pgTable(
  'brand_users',
  {
    uid: text('uid').primaryKey(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id),
    /** The person's e-mail and name when they joined, for the admins' list. */
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    joinedAt: ts('joined_at').notNull(),
    /** The admin whose invitation they accepted. */
    invitedBy: text('invited_by').notNull(),
  },
  (t) => [index('brand_users_brand_idx').on(t.brandId)],
)

/**
 * Invitations to join a brand, sent by e-mail. Only the SHA-256 of the link's token is kept, so the
 * table alone opens nothing; an invitation is used once, expires, and an admin can withdraw it.
 */
export const brandInvitations = pgTable(
  'brand_invitations',
  {
    id: id(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    acceptedAt: ts('accepted_at'),
    acceptedUid: text('accepted_uid'),
    withdrawnAt: ts('withdrawn_at'),
  },
  (t) => [index('brand_invitations_brand_idx').on(t.brandId, t.createdAt)],
)

export const products = pgTable(
  'products',
  {
    id: id(),
    name: text('name').notNull(),
    /** The brand's name as printed on the product and shown on public pages. */
    brand: text('brand').notNull(),
    /** The brand that owns the product: set from `brand` by the trigger products_brand_account, never by the code. */
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id)
      .$defaultFn(() => sql`null`),
    description: text('description').notNull(),
    category: text('category')
      .notNull()
      .references(() => categories.slug),
    retailValueCents: integer('retail_value_cents').notNull(),
    currency: text('currency').notNull(),
    /** The brand's identifiers of the product, each optional: GTIN (digits only, check digit verified), MPN, SKU. */
    gtin: text('gtin'),
    mpn: text('mpn'),
    sku: text('sku'),
    /**
     * The public addresses of the product's images (their display size), in order: written with every
     * change of product_images in the same transaction (staff/product-images.ts), so lists read the
     * first one without a join. Older demo data holds static SVG addresses and no product_images rows.
     */
    images: jsonb('images').$type<string[]>().notNull(),
    /** The version an edit names (stale edits are refused) and who saved it last. */
    updatedAt: ts('updated_at').notNull().defaultNow(),
    updatedByName: text('updated_by_name'),
  },
  (t) => [index('products_brand_idx').on(t.brandId)],
)

/**
 * An image of a product, uploaded by staff. Its files (display size and thumbnail, JPEG without
 * metadata) are in the photo storage under keys made from its id. Positions run 0, 1, 2… within a
 * product (the first leads its pages); every change locks the product's row first.
 */
export const productImages = pgTable(
  'product_images',
  {
    id: uuid('id').primaryKey(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    position: integer('position').notNull(),
    /** What the image shows, read to people who cannot see it. */
    alt: text('alt').notNull(),
    /** Of the display size. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
)

export const campaigns = pgTable(
  'campaigns',
  {
    id: id(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    description: text('description').notNull(),
    kind: campaignKind('kind').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    eligibility: jsonb('eligibility').$type<Eligibility>().notNull(),
    screener: jsonb('screener').$type<ScreenerQuestion[]>().notNull(),
    tasks: jsonb('tasks').$type<TasksInput>().notNull(),
    /** Campaigns made before the lifecycle, and the seed's, are published; the console makes drafts. */
    status: campaignStatus('status').notNull().default('published'),
    /** First come first served: an eligible applicant takes a free place; curated: staff choose. */
    selectionMode: selectionMode('selection_mode').notNull().default('first-come'),
    /** The screener's version: answers keep the version they answered (campaign_screeners). */
    screenerVersion: integer('screener_version').notNull().default(1),
    createdAt: ts('created_at').notNull(),
    /** The version an edit names (stale edits are refused) and who saved it last. */
    updatedAt: ts('updated_at').notNull().defaultNow(),
    updatedByName: text('updated_by_name'),
  },
  (t) => [uniqueIndex('campaigns_slug_key').on(t.slug)],
)

export const flights = pgTable(
  'flights',
  {
    id: id(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    signupOpensAt: ts('signup_opens_at').notNull(),
    signupClosesAt: ts('signup_closes_at').notNull(),
    testingStartsAt: ts('testing_starts_at').notNull(),
    reviewDueAt: ts('review_due_at').notNull(),
    quota: integer('quota').notNull(),
    /** Set once the applicants a curated flight did not choose were told, after its sign-up closed. */
    unchosenToldAt: ts('unchosen_told_at'),
  },
  (t) => [index('flights_campaign_idx').on(t.campaignId)],
)

/** The statuses of a participation still waiting for a place: applied, or on the waitlist. */
export const WAITING_STATUSES = ['applied', 'waitlisted'] as const satisfies readonly ParticipationStatus[]

/**
 * `status in (…)` for these statuses, written with its values in the statement, not as parameters, so
 * that a prepared statement's generic plan (which PostgreSQL switches to after five runs) can still
 * use a partial index on them.
 */
export function statusIn(status: AnyColumn | SQL, statuses: readonly ParticipationStatus[]): SQL {
  // Only the enum's own values are written into the statement, and never an empty list (`in ()`).
  if (statuses.length === 0 || statuses.some((value) => !PARTICIPATION_STATUSES.includes(value))) {
    throw new Error(`Not a list of participation statuses: ${JSON.stringify(statuses)}`)
  }
  return sql`${status} in (${sql.raw(statuses.map((value) => `'${value}'`).join(', '))})`
}

/** A participation still waiting for a place: participations_waiting_idx's condition. */
export function isWaiting(status: AnyColumn | SQL): SQL {
  return statusIn(status, WAITING_STATUSES)
}

/**
 * Every screener version a campaign has had once someone answered it: an edit after the first
 * application makes a new version, and each participation keeps the version its answers belong to.
 */
export const campaignScreeners = pgTable(
  'campaign_screeners',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    version: integer('version').notNull(),
    questions: jsonb('questions').$type<ScreenerQuestion[]>().notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.version] })],
)

export const participations = pgTable(
  'participations',
  {
    id: id(),
    /** Order of sign-up within the suite: the waitlist is served in this order. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    flightId: uuid('flight_id')
      .notNull()
      .references(() => flights.id),
    status: participationStatus('status').notNull(),
    /**
     * The member's standing tier when they applied, as its rank (0 = newcomer): a full flight's
     * waitlist is served highest rank first, then in order of sign-up (seq).
     */
    standingRank: integer('standing_rank').notNull().default(0),
    ineligibleReasons: jsonb('ineligible_reasons').$type<IneligibleReason[]>().notNull().default([]),
    answers: jsonb('answers').$type<ScreenerAnswer[]>().notNull().default([]),
    /** The campaign's screener version the answers belong to. */
    screenerVersion: integer('screener_version').notNull().default(1),
    appliedAt: ts('applied_at').notNull(),
    selectedAt: ts('selected_at'),
    withdrawnAt: ts('withdrawn_at'),
    completedAt: ts('completed_at'),
    questionnaireAckedAt: ts('questionnaire_acked_at'),
    purchaseIntentAckedAt: ts('purchase_intent_acked_at'),
    reviewSubmittedAt: ts('review_submitted_at'),
    socialSubmittedAt: ts('social_submitted_at'),
    impressionsReportedAt: ts('impressions_reported_at'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    // One participation per member and flight, even under concurrent sign-ups.
    uniqueIndex('participations_member_flight_key').on(t.memberId, t.flightId),
    index('participations_flight_status_idx').on(t.flightId, t.status, t.seq),
    // A flight's applicants in sign-up order (the applicants table's other views): with the id,
    // member and status, a page of them, filtered by view or to the linked, is read from the index alone.
    index('participations_flight_seq_idx').on(t.flightId, t.seq, t.id, t.memberId, t.status),
    // A flight's waiting applicants in the order places are given (tier at sign-up, then sign-up
    // order); with the id and member, a page of them (linked only too) is read from the index alone.
    index('participations_waiting_idx').on(t.flightId, t.standingRank.desc(), t.seq, t.id, t.memberId).where(isWaiting(t.status)),
    index('participations_member_idx').on(t.memberId),
  ],
)

/**
 * Suspensions of members by support, kept after they end (the member's history). One is in force
 * while `lifted_at` is null and `until` is null or still ahead: a suspension past its date stops
 * counting by itself. Suspending and lifting lock the member's row, so at most one is in force.
 */
export const suspensions = pgTable(
  'suspensions',
  {
    id: id(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    reason: suspensionReason('reason').notNull(),
    /** Told to the member with the reason; required for `other`. */
    note: text('note'),
    suspendedAt: ts('suspended_at').notNull(),
    /** Null: until lifted. */
    until: ts('until'),
    /** The staff person's Firebase uid. */
    suspendedBy: text('suspended_by').notNull(),
    liftedAt: ts('lifted_at'),
    liftedBy: text('lifted_by'),
  },
  (t) => [
    index('suspensions_member_idx').on(t.memberId, t.suspendedAt),
    // The suspensions that may be in force, for the member list and every guarded action.
    index('suspensions_open_idx')
      .on(t.memberId, t.until)
      .where(sql`${t.liftedAt} is null`),
  ],
)

/**
 * Each reminder a participation has been sent, once: the reminder sweep inserts its row with the
 * message in one transaction, so with several member-API processes none is sent twice.
 */
export const remindersSent = pgTable(
  'reminders_sent',
  {
    participationId: uuid('participation_id')
      .notNull()
      .references(() => participations.id),
    /** One of REMINDER_KINDS (suite/services/reminder-rules.ts). */
    kind: text('kind').notNull(),
    sentAt: ts('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.participationId, t.kind] })],
)

/**
 * Each campaign a member was told of in a new-campaigns digest, once, and the days a digest went:
 * at most one a day per member, written with the message in one transaction.
 */
export const campaignAnnouncements = pgTable(
  'campaign_announcements',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    sentAt: ts('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.campaignId] })],
)
export const digestDays = pgTable(
  'digest_days',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    /** The UTC day the member's digest was settled. */
    day: date('day', { mode: 'string' }).notNull(),
    /**
     * Whether a digest went that day. False: the member was looked at and nothing new was theirs to
     * sign up for; they are not looked at again until the next day, so an hourly sweep reads each
     * member who wants the digest once a day, not every hour.
     */
    told: boolean('told').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.day] })],
)

/** A newsletter issue staff wrote; sent in batches until every opted-in member had it (finished_at). */
export const newsletters = pgTable('newsletters', {
  id: id(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: ts('created_at').notNull(),
  createdByName: text('created_by_name'),
  finishedAt: ts('finished_at'),
})
/** Each member an issue went to, once: written with the member's message in one transaction. */
export const newsletterDeliveries = pgTable(
  'newsletter_deliveries',
  {
    newsletterId: uuid('newsletter_id')
      .notNull()
      .references(() => newsletters.id),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    sentAt: ts('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.newsletterId, t.memberId] })],
)

export const shipments = pgTable(
  'shipments',
  {
    id: id(),
    participationId: uuid('participation_id')
      .notNull()
      .references(() => participations.id),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    status: shipmentStatus('status').notNull(),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    createdAt: ts('created_at').notNull(),
    shippedAt: ts('shipped_at'),
    deliveredAt: ts('delivered_at'),
    returnStatus: returnStatus('return_status'),
    returnReason: text('return_reason'),
    returnComment: text('return_comment'),
    returnRequestedAt: ts('return_requested_at'),
    returnLabelUrl: text('return_label_url'),
    returnLabelIssuedAt: ts('return_label_issued_at'),
    returnedAt: ts('returned_at'),
  },
  (t) => [uniqueIndex('shipments_participation_key').on(t.participationId), index('shipments_member_idx').on(t.memberId)],
)

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    participationId: uuid('participation_id')
      .notNull()
      .references(() => participations.id),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    rating: integer('rating').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The review's photos in the author's order, each with its description (rows of review_photos). */
    photos: jsonb('photos').$type<ReviewPhoto[]>().notNull().default([]),
    receivedForFree: boolean('received_for_free').notNull(),
    status: reviewStatus('status').notNull(),
    /** The moderator's note to the author (required with the reason `other`). */
    rejectionReason: text('rejection_reason'),
    /** Why the review was not published: one of the contract's rejection reasons. */
    rejectionCode: rejectionCode('rejection_code'),
    /** Who decided the pending review last (published or rejected), and when: the console tells a second moderator. */
    decidedByUid: text('decided_by_uid'),
    decidedByName: text('decided_by_name'),
    decidedAt: ts('decided_at'),
    submittedAt: ts('submitted_at').notNull(),
    publishedAt: ts('published_at'),
    /**
     * What a public review shows of its campaign, product and author, copied onto the review by
     * triggers (migration 0028) whenever the review is written or any of them changes, so a page of
     * the public list reads no other table. The author's name is as shown: "Former member" once the
     * account is deleted, "Member" when it has no display name.
     */
    shownCampaignSlug: text('shown_campaign_slug').notNull().default(''),
    shownProductName: text('shown_product_name').notNull().default(''),
    shownBrand: text('shown_brand').notNull().default(''),
    /** The product's first image ('' when it has none). */
    shownImageUrl: text('shown_image_url').notNull().default(''),
    shownAuthorName: text('shown_author_name').notNull().default(''),
  },
  (t) => [
    uniqueIndex('reviews_participation_key').on(t.participationId),
    // The public list, newest first: a page's ids are read from the index alone, however deep the
    // page (the rating is its last key, for the minimum-rating filter); by campaign and by product the same.
    index('reviews_public_idx')
      .on(t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.rating)
      .where(sql`${t.status} = 'published'`),
    index('reviews_public_campaign_idx')
      .on(t.campaignId, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'published'`),
    index('reviews_public_product_idx')
      .on(t.productId, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'published'`),
    // The sitemaps: published reviews in id order with when each was published, read from the index alone.
    index('reviews_published_id_idx')
      .on(t.id, t.publishedAt, t.submittedAt)
      .where(sql`${t.status} = 'published'`),
    // The moderation queue: pending reviews, oldest first.
    index('reviews_status_submitted_idx').on(t.status, t.submittedAt, t.id),
    index('reviews_campaign_idx').on(t.campaignId),
    // A member's reviews: their standing and the moderation queue's "earlier reviews".
    index('reviews_member_idx').on(t.memberId),
  ],
)

/**
 * How many reviews wait for moderation in each campaign per rating, kept by a trigger on reviews
 * (migration 0027) in the transaction that sends, decides or removes one: the moderation queue's
 * total, unless a moderator searches its text, is read from these few rows instead of counting
 * every waiting review. No foreign key to campaigns: its check would lock the campaign's row for
 * every review sent; a campaign with reviews is never deleted.
 */
export const moderationQueueCounts = pgTable(
  'moderation_queue_counts',
  {
    campaignId: uuid('campaign_id').notNull(),
    rating: integer('rating').notNull(),
    reviews: integer('reviews').notNull(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.rating] })],
)

/**
 * How many published reviews each campaign's product has per rating, kept by a trigger on reviews
 * (migration 0016) in the transaction that publishes, unpublishes or removes one: the public list's
 * count and average come from these few rows instead of from every published review.
 */
export const reviewStats = pgTable(
  'review_stats',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    rating: integer('rating').notNull(),
    reviews: integer('reviews').notNull(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.productId, t.rating] }), index('review_stats_product_idx').on(t.productId)],
)

/**
 * Whether each member has a link that counts (one no staff ruled "not the same person"), kept by the
 * triggers of migration 0025. Its row is also what those triggers lock, one member at a time and in
 * the order of the ids, before they read a member's links or applications: a link and an
 * application made at once for one member are then kept one after the other, and both count.
 */
export const memberLinkStates = pgTable('member_link_states', {
  memberId: uuid('member_id').primaryKey(),
  counting: boolean('counting').notNull().default(false),
})

/**
 * The participations whose member has a link that counts, by flight: the applicants' "linked only"
 * view reads these instead of probing every applicant's links. Kept by statement triggers on
 * participations, account_links and account_link_rulings (migration 0025) in the transaction of
 * each change. No foreign key to participations: its check would lock the participation for key
 * share, which a withdrawal's lock of it waits for.
 */
export const linkedApplicants = pgTable(
  'linked_applicants',
  {
    flightId: uuid('flight_id').notNull(),
    participationId: uuid('participation_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.flightId, t.participationId] })],
)

/**
 * How many of a flight's participations are in each status now, kept by statement triggers on
 * participations (migration 0027) in the transaction that makes or moves one: the applicants table's totals and a
 * flight's places taken are read from this row instead of counting the flight's applicants. No
 * foreign key to flights, as for result_flight_counts.
 */
export const flightApplicantCounts = pgTable('flight_applicant_counts', {
  flightId: uuid('flight_id').primaryKey(),
  applied: integer('applied').notNull().default(0),
  selected: integer('selected').notNull().default(0),
  waitlisted: integer('waitlisted').notNull().default(0),
  notSelected: integer('not_selected').notNull().default(0),
  notEligible: integer('not_eligible').notNull().default(0),
  shipped: integer('shipped').notNull().default(0),
  delivered: integer('delivered').notNull().default(0),
  reviewed: integer('reviewed').notNull().default(0),
  completed: integer('completed').notNull().default(0),
  withdrawn: integer('withdrawn').notNull().default(0),
})

/**
 * Each flight's funnel (participations by stage, parcels shipped and delivered, published reviews),
 * kept by statement triggers on participations, shipments and reviews (migration 0024) in the
 * transaction that moves one: a campaign's results read a row per flight instead of every applicant.
 * No foreign key to flights: its check would lock the flight's row for key share, which a sign-up's or
 * withdrawal's lock of the flight waits for (a deadlock with a parcel's change holding the counts); a
 * flight with participations is never deleted, so no count outlives its flight.
 */
export const resultFlightCounts = pgTable('result_flight_counts', {
  flightId: uuid('flight_id').primaryKey(),
  applied: integer('applied').notNull().default(0),
  eligible: integer('eligible').notNull().default(0),
  selected: integer('selected').notNull().default(0),
  waitlisted: integer('waitlisted').notNull().default(0),
  shipped: integer('shipped').notNull().default(0),
  delivered: integer('delivered').notNull().default(0),
  reviewed: integer('reviewed').notNull().default(0),
  published: integer('published').notNull().default(0),
  completed: integer('completed').notNull().default(0),
  withdrawn: integer('withdrawn').notNull().default(0),
})

/**
 * People per group of a flight's results, kept by the same triggers (and by triggers on addresses and
 * members for the testers' country and birth date): `answered` (item: the question) counts applicants
 * who answered a screener question, `option` (item: the question, label: the option) those who chose
 * an option; `country`, `birth` (label: the birth date, empty when not given) and `tier` (label: the
 * standing rank) count testers, the applicants who were selected; `rating` (item: the Monday of the
 * week, UTC; label: the stars), `photos` and `disclosure` count published reviews. A group no one is
 * in any more is deleted.
 */
export const resultFlightGroups = pgTable(
  'result_flight_groups',
  {
    flightId: uuid('flight_id').notNull(),
    facet: text('facet').notNull(),
    item: text('item').notNull(),
    label: text('label').notNull(),
    people: integer('people').notNull(),
  },
  (t) => [primaryKey({ columns: [t.flightId, t.facet, t.item, t.label] })],
)

/**
 * The seconds from a parcel's shipping to its review, with how many of a flight's reviews took them
 * (kept by the triggers on participations and shipments): the funnel's median is read from these.
 */
export const resultFlightLags = pgTable(
  'result_flight_lags',
  {
    flightId: uuid('flight_id').notNull(),
    seconds: numeric('seconds').notNull(),
    people: integer('people').notNull(),
  },
  (t) => [primaryKey({ columns: [t.flightId, t.seconds] })],
)

/**
 * A photo a member uploaded for the review of one of their participations. Its files (display size
 * and thumbnail, JPEG without metadata) are in the photo storage under keys made from its id. It
 * belongs to the review once sent with it (review_id); until then it is the member's draft.
 */
export const reviewPhotos = pgTable(
  'review_photos',
  {
    id: uuid('id').primaryKey(),
    /** The order of upload. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    participationId: uuid('participation_id')
      .notNull()
      .references(() => participations.id),
    reviewId: uuid('review_id').references(() => reviews.id),
    /** Of the display size. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('review_photos_participation_idx').on(t.participationId),
    index('review_photos_member_idx').on(t.memberId),
    index('review_photos_review_idx').on(t.reviewId),
  ],
)

export const socialPosts = pgTable(
  'social_posts',
  {
    id: id(),
    participationId: uuid('participation_id')
      .notNull()
      .references(() => participations.id),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    platform: socialPlatform('platform').notNull(),
    url: text('url').notNull(),
    submittedAt: ts('submitted_at').notNull(),
  },
  (t) => [uniqueIndex('social_posts_participation_platform_key').on(t.participationId, t.platform)],
)

export const impressions = pgTable(
  'impressions',
  {
    id: id(),
    postId: uuid('post_id')
      .notNull()
      .references(() => socialPosts.id, { onDelete: 'cascade' }),
    reach: integer('reach').notNull(),
    likes: integer('likes').notNull(),
    comments: integer('comments').notNull(),
    shares: integer('shares').notNull(),
    reportedAt: ts('reported_at').notNull(),
  },
  (t) => [index('impressions_post_idx').on(t.postId)],
)

/** Points ledger: credits are positive, debits negative; the balance is the sum. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    points: integer('points').notNull(),
    reason: text('reason').notNull(),
    missionKey: text('mission_key'),
    /** Makes crediting idempotent: one entry per member and key (e.g. 'mission:verify-email'). */
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('ledger_member_key').on(t.memberId, t.idempotencyKey)],
)

export const redemptions = pgTable(
  'redemptions',
  {
    id: id(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    requestId: uuid('request_id').notNull(),
    rewardId: text('reward_id').notNull(),
    /** Null while the code is being requested from the shop: a reservation, whose points are already held. */
    code: text('code'),
    points: integer('points').notNull(),
    valueCents: integer('value_cents').notNull(),
    currency: text('currency').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('redemptions_member_request_key').on(t.memberId, t.requestId)],
)

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: id(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    channel: messageChannel('channel').notNull(),
    target: text('target').notNull(),
    /** HMAC-SHA256 of the code with the server's pepper; the code itself is never stored. */
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    verifiedAt: ts('verified_at'),
    consumedAt: ts('consumed_at'),
  },
  (t) => [index('otp_codes_member_channel_idx').on(t.memberId, t.channel, t.target)],
)

/** Fixed-window counters shared by every suite process (send limits, log collector). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: ts('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
)

/** Every e-mail and SMS the suite sends; local mode shows them, production relays them. */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    channel: messageChannel('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    createdAt: ts('created_at').notNull(),
    sentAt: ts('sent_at'),
    /** Delivery attempts so far, counted when the relay claims the message. */
    attempts: integer('attempts').notNull().default(0),
    /** Why the last attempt failed: error codes only, never the message or the recipient. */
    lastError: text('last_error'),
    /** Due for (another) attempt from then on; a claim moves it ahead, so it is also the lease. */
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    /** Set when the relay gave up after its last attempt. */
    failedAt: ts('failed_at'),
    /**
     * The whole row goes once delivered or given up on (production), not only its body: the
     * deletion receipt, whose recipient is the address of a member who no longer exists.
     */
    eraseAfterDelivery: boolean('erase_after_delivery').notNull().default(false),
    /** The HTML part of an e-mail (the body is its plain-text part); null for texts and older rows. */
    html: text('html'),
    /** Extra e-mail headers (List-Unsubscribe, List-Unsubscribe-Post). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /** The settings topic, or 'transactional': the relay re-checks a topic's setting before sending. */
    topic: text('topic').$type<MessageTopic>(),
    /** The template it was rendered from (suite/messages/templates.ts), for staff. */
    template: text('template'),
    /** The member it was written to, for staff and for the relay's re-check; kept null for messages not about a member. */
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'set null' }),
    /** Set when the relay withheld it: the member turned its topic off or deleted the account before it left. */
    withheldAt: ts('withheld_at'),
  },
  (t) => [
    index('outbox_created_idx').on(t.createdAt),
    index('outbox_member_idx').on(t.memberId, t.createdAt),
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null and ${t.withheldAt} is null`),
  ],
)

export const frontEndLogs = pgTable(
  'front_end_logs',
  {
    id: id(),
    entryId: uuid('entry_id').notNull(),
    application: text('application').notNull(),
    module: text('module').notNull(),
    severity: text('severity').notNull(),
    tags: jsonb('tags').$type<string[]>().notNull(),
    userId: text('user_id'),
    userRoles: jsonb('user_roles').$type<string[]>().notNull(),
    eventAt: text('event_at').notNull(),
    log: text('log').notNull(),
    receivedAt: ts('received_at').notNull(),
  },
  (t) => [index('front_end_logs_received_idx').on(t.receivedAt)],
)

/**
 * The roles staff hold, one row per person and role. Checked on every staff call (nothing cached
 * in a token), so a grant or a revocation is effective at once. Keyed by the Firebase uid: a staff
 * person need not be a member.
 */
export const staffRoles = pgTable(
  'staff_roles',
  {
    uid: text('uid').notNull(),
    role: staffRole('role').notNull(),
    /** The person's e-mail and name when the role was granted, for the staff list. */
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    grantedAt: ts('granted_at').notNull(),
    /** The granting admin's uid, or `cli` for the command line. */
    grantedBy: text('granted_by').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uid, t.role] }), index('staff_roles_email_idx').on(t.email)],
)

/**
 * A person's second factors, by Firebase uid (staff and brand users may have no member record). An
 * authenticator's secret is stored sealed with the member API's key (services/second-factor.ts);
 * `totpLastStep` is the last period whose code was accepted, so each code works once. A factor
 * counts once `confirmedAt` is set: an authenticator is confirmed by its first code.
 */
export const secondFactors = pgTable(
  'second_factors',
  {
    id: id(),
    uid: text('uid').notNull(),
    kind: text('kind', { enum: ['totp', 'passkey'] }).notNull(),
    label: text('label').notNull(),
    createdAt: ts('created_at').notNull(),
    confirmedAt: ts('confirmed_at'),
    lastUsedAt: ts('last_used_at'),
    totpSecretSealed: text('totp_secret_sealed'),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** A passkey: its credential id and COSE public key (base64url), signature counter and transports. */
    passkeyCredentialId: text('passkey_credential_id'),
    passkeyPublicKey: text('passkey_public_key'),
    passkeyCounter: bigint('passkey_counter', { mode: 'number' }),
    passkeyTransports: text('passkey_transports').array(),
  },
  (t) => [index('second_factors_uid_idx').on(t.uid), uniqueIndex('second_factors_passkey_idx').on(t.passkeyCredentialId)],
)

/** Single-use recovery codes, kept as SHA-256 hashes (they are random, so no slow hash is needed). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    uid: text('uid').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: ts('created_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [primaryKey({ columns: [t.uid, t.codeHash] })],
)

/**
 * A browser session that passed a second factor: the pass's SHA-256 hash, whose token the portal
 * keeps in an HttpOnly cookie. It lasts as long as a console session; removing a factor, a reset
 * or signing out everywhere removes every pass of the person.
 */
export const secondFactorPasses = pgTable(
  'second_factor_passes',
  {
    passHash: text('pass_hash').primaryKey(),
    uid: text('uid').notNull(),
    method: text('method', { enum: ['totp', 'passkey', 'recovery', 'enrolment'] }).notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('second_factor_passes_uid_idx').on(t.uid)],
)

/** The WebAuthn challenge a person's browser was last given, per ceremony; used once, short-lived. */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    uid: text('uid').notNull(),
    purpose: text('purpose', { enum: ['register', 'authenticate'] }).notNull(),
    challenge: text('challenge').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uid, t.purpose] })],
)

/**
 * One row per staff action, written in the transaction of the change. Append-only: a trigger
 * refuses every DELETE, and every UPDATE except the pseudonymisation of the actor's e-mail and name
 * (migration 0008). Members are referred to by id only, never by their personal data.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    at: ts('at').notNull(),
    actorUid: text('actor_uid').notNull(),
    /** As they were when the action was taken (null once the actor's account is deleted). */
    actorEmail: text('actor_email'),
    actorName: text('actor_name'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** Shared by every entry of one request (one CSV import, one selection of several applicants). */
    operationId: uuid('operation_id').notNull(),
    changes: jsonb('changes').$type<{ before: AuditState; after: AuditState }>().notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorUid, t.at),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_action_idx').on(t.action, t.at),
  ],
)
