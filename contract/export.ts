// GET suite/api/members/download-profile: everything the suite holds about the member.
import * as v from 'valibot'
import { AddressSchema } from './address'
import { Timestamp } from './common'
import { MemberReviewSchema, SocialPostSchema } from './content'
import { MemberSchema, NotificationSettingsSchema, ReferralSchema, SocialProfileSchema } from './members'
import { ParticipationSchema } from './participations'
import { LedgerEntrySchema, RedemptionSchema } from './rewards'
import { SightingExportSchema } from './sightings'
import { MemberSuspensionRecordSchema } from './suspension'

export const ProfileExportSchema = v.strictObject({
  exportedAt: Timestamp,
  member: MemberSchema,
  address: v.nullable(AddressSchema),
  notifications: NotificationSettingsSchema,
  socialProfiles: v.array(SocialProfileSchema),
  participations: v.array(ParticipationSchema),
  reviews: v.array(MemberReviewSchema),
  socialPosts: v.array(SocialPostSchema),
  ledger: v.array(LedgerEntrySchema),
  redemptions: v.array(RedemptionSchema),
  referrals: v.array(ReferralSchema),
  /** Every suspension of the account, newest first (the note once the account is deleted is gone with it). */
  suspensions: v.array(MemberSuspensionRecordSchema),
  /**
   * The devices and network addresses seen when the member signed up or applied: what, at which
   * event and when, oldest first. The values themselves are not kept (only a keyed hash, which
   * tells nothing to anyone but the member API), so there is none to give.
   */
  sightings: v.array(SightingExportSchema),
})
export type ProfileExport = v.InferOutput<typeof ProfileExportSchema>
