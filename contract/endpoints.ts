// Every endpoint of the member API: method, path, credential, request schemas and the schema of
// `data` in a successful answer. The portal's client can drive its calls and response parsing
// from this table; the suite's tests check that it matches the routes the suite serves.
import * as v from 'valibot'
import { AddressInputSchema, AddressResultSchema } from './address'
import {
  CampaignDetailSchema,
  CampaignEligibilityListSchema,
  CampaignEligibilityQuerySchema,
  CampaignListQuerySchema,
  CampaignPageSchema,
  CategoriesResultSchema,
  PublicReviewSchema,
  ReviewListQuerySchema,
  ReviewPageSchema,
} from './campaigns'
import { EmptyBodySchema } from './common'
import { DevClockBodySchema, DevClockResultSchema } from './dev-clock'
import {
  ImpressionsBodySchema,
  MemberReviewSchema,
  RcProductQuerySchema,
  RcProductSchema,
  ReviewBodySchema,
  SocialPostBodySchema,
  SocialPostSchema,
  SocialPostsQuerySchema,
  SocialPostsResultSchema,
} from './content'
import { ProfileExportSchema } from './export'
import { HealthSchema, ReadySchema } from './health'
import { LogAcceptedSchema, LogEntrySchema } from './logs'
import {
  ApiUserSchema,
  CreateMemberBodySchema,
  DownloadPdfBodySchema,
  MemberInfoSchema,
  MemberSchema,
  MemberSummarySchema,
  MyReferralsSchema,
  NotificationSettingsSchema,
  PseudonymizeBodySchema,
  PseudonymizeResultSchema,
  ReferralCodeCheckBodySchema,
  ReferralCodeCheckResultSchema,
  SocialProfileDeleteQuerySchema,
  SocialProfileInputSchema,
  SocialProfilesResultSchema,
  UpdateEmailBodySchema,
  UpdatePhoneBodySchema,
  UpdateProfileBodySchema,
} from './members'
import {
  EmailOtpSendBodySchema,
  EmailOtpVerifyBodySchema,
  EmailValidateBodySchema,
  EmailValidateResultSchema,
  OtpSentSchema,
  OtpVerifiedSchema,
  PhoneOtpSendBodySchema,
  PhoneOtpVerifyBodySchema,
  PhoneValidateBodySchema,
  PhoneValidateResultSchema,
} from './otp'
import { OutboxQuerySchema, OutboxResultSchema } from './outbox'
import {
  AckBodySchema,
  ParticipationListQuerySchema,
  ParticipationListSchema,
  ParticipationPatchBodySchema,
  ParticipationSchema,
  ProcessSignupBodySchema,
  ReturnRequestBodySchema,
  ShipmentSchema,
  ShipmentsResultSchema,
} from './participations'
import * as P from './paths'
import {
  IntercomTokenResultSchema,
  MissionsResultSchema,
  PointsResultSchema,
  RedeemBodySchema,
  RedeemResultSchema,
  RedemptionsResultSchema,
  RewardsResultSchema,
} from './rewards'

export type Credential = 'bearer' | 'optional' | 'none'

export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  path: string
  auth: Credential
  body?: v.GenericSchema
  /** The query parameters the endpoint takes (a strict object); none when absent: the suite refuses any with a 400. */
  query?: v.GenericSchema
  /** Schema of `data` in the OK envelope; null when the answer is not JSON (PDF, SVG). */
  data: v.GenericSchema | null
  /** Local mode only. */
  devOnly?: boolean
}

const e = <const T extends Endpoint>(endpoint: T) => endpoint

export const ENDPOINTS = {
  healthz: e({ method: 'GET', path: P.HEALTHZ_PATH, auth: 'none', data: HealthSchema }),
  readyz: e({ method: 'GET', path: P.READYZ_PATH, auth: 'none', data: ReadySchema }),

  apiUser: e({ method: 'GET', path: P.API_USER_PATH, auth: 'bearer', data: ApiUserSchema }),
  apiMember: e({ method: 'GET', path: P.API_MEMBER_PATH, auth: 'bearer', data: MemberSummarySchema }),
  getMember: e({ method: 'GET', path: P.MEMBERS_PATH, auth: 'bearer', data: MemberSchema }),
  createMember: e({ method: 'POST', path: P.MEMBERS_PATH, auth: 'bearer', body: CreateMemberBodySchema, data: MemberSchema }),
  updateProfile: e({ method: 'PATCH', path: P.UPDATE_PROFILE_PATH, auth: 'bearer', body: UpdateProfileBodySchema, data: MemberSchema }),
  downloadProfile: e({ method: 'GET', path: P.DOWNLOAD_PROFILE_PATH, auth: 'bearer', data: ProfileExportSchema }),
  downloadProfilePdf: e({ method: 'GET', path: P.DOWNLOAD_PROFILE_PDF_PATH, auth: 'bearer', data: null }),
  downloadPdf: e({ method: 'POST', path: P.DOWNLOAD_PDF_PATH, auth: 'bearer', body: DownloadPdfBodySchema, data: null }),
  memberInfo: e({ method: 'GET', path: P.MEMBER_INFO_PATH, auth: 'bearer', data: MemberInfoSchema }),

  getAddress: e({ method: 'GET', path: P.ADDRESS_PATH, auth: 'bearer', data: AddressResultSchema }),
  putAddress: e({ method: 'PUT', path: P.ADDRESS_PATH, auth: 'bearer', body: AddressInputSchema, data: AddressResultSchema }),
  getNotifications: e({ method: 'GET', path: P.NOTIFICATIONS_PATH, auth: 'bearer', data: NotificationSettingsSchema }),
  putNotifications: e({ method: 'PUT', path: P.NOTIFICATIONS_PATH, auth: 'bearer', body: NotificationSettingsSchema, data: NotificationSettingsSchema }),
  getSocialProfiles: e({ method: 'GET', path: P.SOCIAL_PROFILES_PATH, auth: 'bearer', data: SocialProfilesResultSchema }),
  putSocialProfile: e({ method: 'PUT', path: P.SOCIAL_PROFILES_PATH, auth: 'bearer', body: SocialProfileInputSchema, data: SocialProfilesResultSchema }),
  deleteSocialProfile: e({ method: 'DELETE', path: P.SOCIAL_PROFILES_PATH, auth: 'bearer', query: SocialProfileDeleteQuerySchema, data: SocialProfilesResultSchema }),
  myReferrals: e({ method: 'GET', path: P.MY_REFERRALS_PATH, auth: 'bearer', data: MyReferralsSchema }),
  referralCodeCheck: e({ method: 'POST', path: P.REFERRAL_CODE_CHECK_PATH, auth: 'optional', body: ReferralCodeCheckBodySchema, data: ReferralCodeCheckResultSchema }),
  shipments: e({ method: 'GET', path: P.SHIPMENTS_PATH, auth: 'bearer', data: ShipmentsResultSchema }),
  requestReturn: e({ method: 'POST', path: P.SHIPMENT_RETURN_PATH, auth: 'bearer', body: ReturnRequestBodySchema, data: ShipmentSchema }),
  pseudonymize: e({ method: 'POST', path: P.PSEUDONYMIZE_PATH, auth: 'bearer', body: PseudonymizeBodySchema, data: PseudonymizeResultSchema }),

  emailValidate: e({ method: 'POST', path: P.EMAIL_VALIDATE_PATH, auth: 'optional', body: EmailValidateBodySchema, data: EmailValidateResultSchema }),
  emailOtpSend: e({ method: 'POST', path: P.EMAIL_OTP_SEND_PATH, auth: 'bearer', body: EmailOtpSendBodySchema, data: OtpSentSchema }),
  emailOtpVerify: e({ method: 'POST', path: P.EMAIL_OTP_VERIFY_PATH, auth: 'bearer', body: EmailOtpVerifyBodySchema, data: OtpVerifiedSchema }),
  updateEmail: e({ method: 'PUT', path: P.EMAIL_PATH, auth: 'bearer', body: UpdateEmailBodySchema, data: MemberSummarySchema }),
  phoneValidate: e({ method: 'POST', path: P.PHONE_VALIDATE_PATH, auth: 'optional', body: PhoneValidateBodySchema, data: PhoneValidateResultSchema }),
  phoneOtpSend: e({ method: 'POST', path: P.PHONE_OTP_SEND_PATH, auth: 'bearer', body: PhoneOtpSendBodySchema, data: OtpSentSchema }),
  phoneOtpVerify: e({ method: 'POST', path: P.PHONE_OTP_VERIFY_PATH, auth: 'bearer', body: PhoneOtpVerifyBodySchema, data: OtpVerifiedSchema }),
  updatePhone: e({ method: 'PUT', path: P.PHONE_NUMBER_PATH, auth: 'bearer', body: UpdatePhoneBodySchema, data: MemberSummarySchema }),

  publicCampaigns: e({ method: 'GET', path: P.PUBLIC_CAMPAIGNS_PATH, auth: 'none', query: CampaignListQuerySchema, data: CampaignPageSchema }),
  publicCampaign: e({ method: 'GET', path: P.PUBLIC_CAMPAIGN_PATH, auth: 'none', data: CampaignDetailSchema }),
  publicCategories: e({ method: 'GET', path: P.PUBLIC_CATEGORIES_PATH, auth: 'none', data: CategoriesResultSchema }),
  publicReviews: e({ method: 'GET', path: P.PUBLIC_REVIEWS_PATH, auth: 'none', query: ReviewListQuerySchema, data: ReviewPageSchema }),
  publicReview: e({ method: 'GET', path: P.PUBLIC_REVIEW_PATH, auth: 'none', data: PublicReviewSchema }),
  publicImage: e({ method: 'GET', path: P.PUBLIC_IMAGE_PATH, auth: 'none', data: null }),

  processSignup: e({ method: 'POST', path: P.PROCESS_SIGNUP_PATH, auth: 'bearer', body: ProcessSignupBodySchema, data: ParticipationSchema }),
  campaignEligibility: e({ method: 'GET', path: P.CAMPAIGN_ELIGIBILITY_PATH, auth: 'bearer', query: CampaignEligibilityQuerySchema, data: CampaignEligibilityListSchema }),
  campaignParticipations: e({ method: 'GET', path: P.CAMPAIGN_PARTICIPATIONS_PATH, auth: 'bearer', data: ParticipationListSchema }),
  campaignParticipation: e({ method: 'GET', path: P.CAMPAIGN_PARTICIPATION_PATH, auth: 'bearer', data: ParticipationSchema }),
  withdrawParticipation: e({ method: 'PATCH', path: P.CAMPAIGN_PARTICIPATION_PATH, auth: 'bearer', body: ParticipationPatchBodySchema, data: ParticipationSchema }),
  participations: e({ method: 'GET', path: P.PARTICIPATIONS_PATH, auth: 'bearer', query: ParticipationListQuerySchema, data: ParticipationListSchema }),
  ackQuestionnaire: e({ method: 'POST', path: P.ACK_QUESTIONNAIRE_PATH, auth: 'bearer', body: AckBodySchema, data: ParticipationSchema }),
  ackVpIntent: e({ method: 'POST', path: P.ACK_VP_INTENT_PATH, auth: 'bearer', body: AckBodySchema, data: ParticipationSchema }),

  rcProduct: e({ method: 'GET', path: P.RC_PRODUCT_PATH, auth: 'bearer', query: RcProductQuerySchema, data: RcProductSchema }),
  submitReview: e({ method: 'POST', path: P.FLIGHT_REVIEW_PATH, auth: 'bearer', body: ReviewBodySchema, data: MemberReviewSchema }),
  socialPosts: e({ method: 'GET', path: P.FLIGHT_SOCIAL_PATH, auth: 'bearer', query: SocialPostsQuerySchema, data: SocialPostsResultSchema }),
  submitSocialPost: e({ method: 'POST', path: P.FLIGHT_SOCIAL_PATH, auth: 'bearer', body: SocialPostBodySchema, data: SocialPostSchema }),
  reportImpressions: e({ method: 'POST', path: P.FLIGHT_SOCIAL_IMPRESSIONS_PATH, auth: 'bearer', body: ImpressionsBodySchema, data: SocialPostSchema }),

  missions: e({ method: 'GET', path: P.MISSIONS_PATH, auth: 'bearer', data: MissionsResultSchema }),
  points: e({ method: 'GET', path: P.POINTS_PATH, auth: 'bearer', data: PointsResultSchema }),
  rewards: e({ method: 'GET', path: P.REWARDS_PATH, auth: 'bearer', data: RewardsResultSchema }),
  redemptions: e({ method: 'GET', path: P.DISCOUNT_CODE_PATH, auth: 'bearer', data: RedemptionsResultSchema }),
  redeem: e({ method: 'POST', path: P.DISCOUNT_CODE_PATH, auth: 'bearer', body: RedeemBodySchema, data: RedeemResultSchema }),
  intercomToken: e({ method: 'POST', path: P.INTERCOM_TOKEN_PATH, auth: 'bearer', body: EmptyBodySchema, data: IntercomTokenResultSchema }),

  logsCollector: e({ method: 'POST', path: P.LOGS_COLLECTOR_PATH, auth: 'none', body: LogEntrySchema, data: LogAcceptedSchema }),

  devOutbox: e({ method: 'GET', path: P.DEV_OUTBOX_PATH, auth: 'none', query: OutboxQuerySchema, data: OutboxResultSchema, devOnly: true }),
  devOps: e({ method: 'POST', path: P.DEV_OPS_PATH, auth: 'none', data: v.unknown(), devOnly: true }),
  devClock: e({ method: 'POST', path: P.DEV_CLOCK_PATH, auth: 'none', body: DevClockBodySchema, data: DevClockResultSchema, devOnly: true }),
} satisfies Record<string, Endpoint>

export type EndpointName = keyof typeof ENDPOINTS
/** The `data` type of an endpoint's OK answer. */
export type EndpointData<N extends EndpointName> = (typeof ENDPOINTS)[N]['data'] extends v.GenericSchema
  ? v.InferOutput<(typeof ENDPOINTS)[N]['data']>
  : never
