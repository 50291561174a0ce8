// Brands: the organisations that own products and campaigns, and their users (brand viewers), who
// follow their own campaigns' results read-only. Nothing here names, locates or contacts a tester.
import * as v from 'valibot'
import { CAMPAIGN_STATUSES } from './campaigns'

/** An invitation to join a brand can be accepted for this long after it was sent. */
export const BRAND_INVITATION_DAYS = 7

const email = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email('must be an e-mail address'), v.maxLength(254))

export const BrandRefSchema = v.strictObject({ id: v.string(), name: v.string() })
export type BrandRef = v.InferOutput<typeof BrandRefSchema>

/** Who the brand viewer is, and the one brand they see. */
export const BrandSelfSchema = v.strictObject({
  uid: v.string(),
  email: v.nullable(v.string()),
  name: v.nullable(v.string()),
  brand: BrandRefSchema,
})
export type BrandSelf = v.InferOutput<typeof BrandSelfSchema>

/** The brand's campaigns past draft (a draft is the community's work in progress). */
export const BrandCampaignListSchema = v.strictObject({
  brand: BrandRefSchema,
  items: v.array(
    v.strictObject({
      id: v.string(),
      title: v.string(),
      productName: v.string(),
      status: v.picklist(CAMPAIGN_STATUSES),
      /** When its first flight's applications open and its last flight ends. */
      startsAt: v.nullable(v.string()),
      endsAt: v.nullable(v.string()),
    }),
  ),
})
export type BrandCampaignList = v.InferOutput<typeof BrandCampaignListSchema>

// ---- Invitations

/** The random part of an invitation link: 32 bytes in base64url. */
export const InvitationTokenSchema = v.pipe(v.string('must be an invitation token'), v.regex(/^[A-Za-z0-9_-]{43}$/, 'must be an invitation token'))
export const InvitationTokenBodySchema = v.strictObject({ token: InvitationTokenSchema })
export type InvitationTokenBody = v.InferOutput<typeof InvitationTokenBodySchema>

export const INVITATION_STATES = ['open', 'accepted', 'expired', 'withdrawn'] as const
export type InvitationState = (typeof INVITATION_STATES)[number]

/** What the person following an invitation link is shown before they accept it. */
export const BrandInvitationSchema = v.strictObject({
  brand: BrandRefSchema,
  /** The address the invitation was sent to: only an account signing in with it can accept. */
  email: v.string(),
  expiresAt: v.string(),
  state: v.picklist(INVITATION_STATES),
  /** Whether the signed-in account's e-mail is the invited one. */
  forYou: v.boolean(),
  /** Whether that address is confirmed: an invitation is accepted only from a confirmed address. */
  emailVerified: v.boolean(),
})
export type BrandInvitation = v.InferOutput<typeof BrandInvitationSchema>

// ---- Admins: brands, their users and invitations

export const CreateBrandBodySchema = v.strictObject({
  name: v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(120, 'must be at most 120 characters')),
})
export type CreateBrandBody = v.InferOutput<typeof CreateBrandBodySchema>

export const InviteBrandUserBodySchema = v.strictObject({ email })
export type InviteBrandUserBody = v.InferOutput<typeof InviteBrandUserBodySchema>

export const OpsBrandInvitationSchema = v.strictObject({
  id: v.string(),
  email: v.string(),
  createdAt: v.string(),
  expiresAt: v.string(),
  state: v.picklist(INVITATION_STATES),
})
export type OpsBrandInvitation = v.InferOutput<typeof OpsBrandInvitationSchema>

export const OpsBrandSchema = v.strictObject({
  id: v.string(),
  name: v.string(),
  products: v.number(),
  campaigns: v.number(),
  users: v.array(v.strictObject({ uid: v.string(), email: v.string(), name: v.string(), joinedAt: v.string() })),
  /** Invitations not accepted, sent in the last 37 days (the 7 they last and 30 more), newest first. */
  invitations: v.array(OpsBrandInvitationSchema),
})
export type OpsBrand = v.InferOutput<typeof OpsBrandSchema>
export const OpsBrandListSchema = v.strictObject({ items: v.array(OpsBrandSchema) })
export type OpsBrandList = v.InferOutput<typeof OpsBrandListSchema>

export const BrandRemovedSchema = v.strictObject({ removed: v.boolean() })
