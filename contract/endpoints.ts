// Every endpoint of the member API, stated once: method, path, credential, request schemas, the
// schema of `data` in a successful answer, and whether the portal shows its failures. The portal
// calls the member API only through an entry (app/upstream/suite-client.server.ts, callEndpoint)
// and the suite registers each route from its entry (suite/http/endpoint.ts), so neither can
// disagree with this table.
import * as v from 'valibot'
import { AddressInputSchema, AddressResultSchema } from './address'
import { CampaignResultsSchema } from './results'
import { OpsProductListSchema, OpsProductSchema, ProductInputSchema, ProductUpdateBodySchema } from './authoring'
import { CampaignInputSchema, CampaignUpdateBodySchema, FlightBodySchema, FlightDeleteQuerySchema, OpsCampaignDetailSchema } from './campaign-authoring'
import {
  CampaignDetailSchema,
  CampaignEligibilityListSchema,
  CampaignEligibilityQuerySchema,
  CampaignListQuerySchema,
  CampaignPageSchema,
  CategoriesResultSchema,
  PublicReviewPageSchema,
  ReviewListQuerySchema,
  ReviewPageSchema,
} from './campaigns'
import { CategoryCreateBodySchema, CategoryRenameBodySchema, OpsCategoryListSchema, OpsCategorySchema } from './categories'
import { BotCheckPassedSchema, type BotAction } from './bot-protection'
import { EmptyBodySchema } from './common'
import type { RefusalCode } from './refusals'
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
import { LiftResultSchema, SuspendBodySchema, SuspendResultSchema } from './suspension'
import { PhotoDeletedSchema, PhotoUploadQuerySchema, UploadedPhotoSchema } from './review-photos'
import { OpsProductImagesSchema, ProductImageAltBodySchema, ProductImageMoveBodySchema, ProductImageUploadQuerySchema } from './product-images'
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
import { OpsCommandSchema } from './ops'
import {
  NewsletterInputSchema,
  OpsNewsletterListSchema,
  OpsNewsletterSchema,
  UnsubscribeBodySchema,
  UnsubscribeQuerySchema,
  UnsubscribeSchema,
} from './messages'
import * as P from './paths'
import {
  BrandIdParam,
  BrandUserUidParam,
  CampaignIdOrSlugParam,
  CampaignIdParam,
  CategorySlugParam,
  DemoImageNameParam,
  FlightIdParam,
  InvitationIdParam,
  MemberIdParam,
  ParticipationCampaignIdParam,
  ParticipationIdParam,
  PhotoIdParam,
  PhotoSizeParam,
  ProductIdParam,
  ProductImageIdParam,
  ProductImageSizeParam,
  ReviewIdParam,
  SecondFactorIdParam,
  ShipmentIdParam,
  type PathParamSchema,
} from './path-params'
import {
  BrandCampaignListSchema,
  BrandInvitationSchema,
  BrandRemovedSchema,
  BrandSelfSchema,
  CreateBrandBodySchema,
  InvitationTokenBodySchema,
  InviteBrandUserBodySchema,
  OpsBrandInvitationSchema,
  OpsBrandListSchema,
  OpsBrandSchema,
} from './brands'
import { CampaignSitemapSchema, ReviewSitemapQuerySchema, SitemapIndexSchema } from './sitemap'
import { StandingSchema } from './standing'
import {
  PasskeyOptionsSchema,
  PasskeyRegisterBodySchema,
  RecoveryCodesSchema,
  SecondFactorEnrolledSchema,
  SecondFactorPassSchema,
  SecondFactorResetBodySchema,
  SecondFactorResetResultSchema,
  SecondFactorStatusSchema,
  SecondFactorVerifyBodySchema,
  TotpConfirmBodySchema,
  TotpEnrolmentSchema,
} from './second-factor'
import { RoleChangeBodySchema, RoleChangeResultSchema, StaffListSchema, StaffSelfSchema, type Capability } from './staff'
import { ModerationPageSchema, ModerationQuerySchema, ReviewDecisionBodySchema, ReviewDecisionSchema } from './ops-moderation'
import { AuditPageSchema, AuditQuerySchema } from './ops-audit'
import { ApplicantPageSchema, ApplicantsQuerySchema, OpsCampaignListSchema, SelectionBodySchema, SelectionResultSchema } from './ops-applicants'
import {
  OpsShipmentPageSchema,
  OpsShipmentsQuerySchema,
  ShipmentActionBodySchema,
  ShipmentActionResultSchema,
  TrackingImportQuerySchema,
  TrackingImportReportSchema,
} from './ops-shipments'
import {
  GoodwillBodySchema,
  GoodwillResultSchema,
  LinkRulingBodySchema,
  LinkRulingResultSchema,
  MemberSearchQuerySchema,
  MemberSearchResultSchema,
  OpsMemberSchema,
  SupportWithdrawBodySchema,
  SupportWithdrawResultSchema,
  VerificationSentSchema,
} from './ops-members'
import { CampaignStatusBodySchema, CampaignStatusResultSchema } from './ops-campaigns'
import {
  IntercomTokenResultSchema,
  MissionsResultSchema,
  PointsResultSchema,
  RedeemBodySchema,
  RedeemResultSchema,
  RedemptionsResultSchema,
  RewardsResultSchema,
} from './rewards'

/**
 * Who may call: 'none' (anyone, no credential read), 'optional' (anyone; a Bearer credential sent
 * is verified and used, an invalid one refused), 'identity' (a verified Bearer credential; the
 * member record may not exist yet) and 'member' (a verified credential and its member record,
 * made on first use; a deleted account is refused), 'staff' (a verified credential of a staff
 * session, with roles that grant the entry's `capability`), 'brand' (a verified credential of a
 * session as long as staff's, of a brand viewer: the member API scopes every query to their brand).
 */
export type Credential = 'none' | 'optional' | 'identity' | 'member' | 'staff' | 'brand'

export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Relative to the member API's base address, without a leading slash; `:name` segments are parameters. */
  path: string
  /**
   * The schema of each parameter of the path (path-params.ts), one for every `:name` and no other.
   * The member API checks them before the handler runs: text a schema refuses answers the 404 an
   * unknown one gets.
   */
  params?: Readonly<Record<string, PathParamSchema>>
  auth: Credential
  /** The JSON body the endpoint takes (an empty body reads as `{}`); none when absent. */
  body?: v.GenericSchema
  /** The query parameters the endpoint takes (a strict object); none when absent: the suite refuses any with a 400. */
  query?: v.GenericSchema
  /** Schema of `data` in the OK envelope; null when the answer is a file (`file` names its type). */
  data: v.GenericSchema | null
  /** The media type of a file answer; failures are JSON as usual. */
  file?: 'application/pdf' | 'image/svg+xml' | 'image/jpeg' | 'text/csv' | 'application/json' | 'application/zip'
  /**
   * Staff entries (auth 'staff'): the capability the caller's roles must grant, checked by the
   * member API on every call; null lets any staff role call. Required on staff entries.
   */
  capability?: Capability | null
  /**
   * The body is an image file's bytes, not JSON (sent as application/octet-stream; the member API
   * tells the type from the bytes). Its path has no parameters: the member API finds it by path to
   * let it past the JSON body limit.
   */
  upload?: 'image' | 'csv'
  /** The change could take an account over: the credential's sign-in must be recent (RECENT_SIGN_IN_SECONDS). */
  recentSignIn?: true
  /** Failures are the caller's to show inline (validation, one-time codes): the error catalogue stays out. */
  silent?: true
  /**
   * Refusals (400, 409) are the page's to show beside its fields (a console form): the catalogue's
   * dialog stays out for them, and deals with every other failure as usual.
   */
  refusalsInline?: true
  /** The reasons its refusals may carry (the envelope's `reason`), which pages may act on. */
  refusals?: readonly RefusalCode[]
  /**
   * A member action a suspended member may not take (apply, post a review or a social post, redeem
   * points): refused with the reason 'suspended' (declared in `refusals`) after the credential and
   * before the body is read. Every other member endpoint answers a suspended member as any other.
   */
  notWhileSuspended?: true
  /** Local mode only. */
  devOnly?: true
  /**
   * An action worth protecting from bots: the call carries a token for this action (BOT_TOKEN_HEADER),
   * verified after the credential and before the endpoint does anything; refused with BOT_CHECK_FAILED.
   */
  bot?: BotAction
}

/** An entry whose path has parameters declares a schema for each of them: forgetting one is a type error. */
type DeclaresParams<T extends Endpoint> = [PathParams<T['path']>] extends [never]
  ? { params?: never }
  : { params: Record<PathParams<T['path']>, PathParamSchema> }
const e = <const T extends Endpoint>(endpoint: T & DeclaresParams<T>) => endpoint

export const ENDPOINTS = {
  healthz: e({ method: 'GET', path: P.HEALTHZ_PATH, auth: 'none', data: HealthSchema }),
  readyz: e({ method: 'GET', path: P.READYZ_PATH, auth: 'none', data: ReadySchema }),

  apiUser: e({ method: 'GET', path: P.API_USER_PATH, auth: 'identity', data: ApiUserSchema }),
  apiMember: e({ method: 'GET', path: P.API_MEMBER_PATH, auth: 'member', data: MemberSummarySchema }),
  getMember: e({ method: 'GET', path: P.MEMBERS_PATH, auth: 'member', data: MemberSchema }),
  createMember: e({ method: 'POST', path: P.MEMBERS_PATH, auth: 'member', body: CreateMemberBodySchema, data: MemberSchema, bot: 'register' }),
  updateProfile: e({ method: 'PATCH', path: P.UPDATE_PROFILE_PATH, auth: 'member', body: UpdateProfileBodySchema, data: MemberSchema }),
  downloadProfile: e({ method: 'GET', path: P.DOWNLOAD_PROFILE_PATH, auth: 'member', data: ProfileExportSchema }),
  downloadProfilePdf: e({ method: 'GET', path: P.DOWNLOAD_PROFILE_PDF_PATH, auth: 'member', data: null, file: 'application/pdf' }),
  downloadPdf: e({ method: 'POST', path: P.DOWNLOAD_PDF_PATH, auth: 'member', body: DownloadPdfBodySchema, data: null, file: 'application/pdf' }),
  memberInfo: e({ method: 'GET', path: P.MEMBER_INFO_PATH, auth: 'identity', data: MemberInfoSchema }),

  secondFactorStatus: e({ method: 'GET', path: P.SECOND_FACTOR_PATH, auth: 'identity', data: SecondFactorStatusSchema }),
  startTotp: e({
    method: 'POST',
    path: P.SECOND_FACTOR_TOTP_PATH,
    auth: 'identity',
    data: TotpEnrolmentSchema,
    recentSignIn: true,
    refusals: ['too-many-factors'],
  }),
  confirmTotp: e({
    method: 'POST',
    path: P.SECOND_FACTOR_TOTP_CONFIRM_PATH,
    auth: 'identity',
    body: TotpConfirmBodySchema,
    data: SecondFactorEnrolledSchema,
    recentSignIn: true,
    silent: true,
    refusals: ['wrong-code', 'too-many-factors'],
  }),
  passkeyRegistrationOptions: e({
    method: 'POST',
    path: P.SECOND_FACTOR_PASSKEY_OPTIONS_PATH,
    auth: 'identity',
    data: PasskeyOptionsSchema,
    recentSignIn: true,
    refusals: ['too-many-factors'],
  }),
  registerPasskey: e({
    method: 'POST',
    path: P.SECOND_FACTOR_PASSKEY_PATH,
    auth: 'identity',
    body: PasskeyRegisterBodySchema,
    data: SecondFactorEnrolledSchema,
    recentSignIn: true,
    silent: true,
    refusals: ['passkey-refused', 'too-many-factors'],
  }),
  passkeyChallenge: e({ method: 'POST', path: P.SECOND_FACTOR_CHALLENGE_PATH, auth: 'identity', data: PasskeyOptionsSchema, silent: true }),
  verifySecondFactor: e({
    method: 'POST',
    path: P.SECOND_FACTOR_VERIFY_PATH,
    auth: 'identity',
    body: SecondFactorVerifyBodySchema,
    data: SecondFactorPassSchema,
    silent: true,
    refusals: ['wrong-code', 'code-used', 'passkey-refused'],
  }),
  replaceRecoveryCodes: e({
    method: 'POST',
    path: P.SECOND_FACTOR_RECOVERY_CODES_PATH,
    auth: 'identity',
    data: RecoveryCodesSchema,
    recentSignIn: true,
    refusals: ['no-second-factor'],
  }),
  removeSecondFactor: e({
    method: 'DELETE',
    path: P.SECOND_FACTOR_FACTOR_PATH,
    params: { factorId: SecondFactorIdParam },
    auth: 'identity',
    data: SecondFactorStatusSchema,
    recentSignIn: true,
    refusalsInline: true,
    refusals: ['last-second-factor'],
  }),

  getAddress: e({ method: 'GET', path: P.ADDRESS_PATH, auth: 'member', data: AddressResultSchema }),
  putAddress: e({ method: 'PUT', path: P.ADDRESS_PATH, auth: 'member', body: AddressInputSchema, data: AddressResultSchema }),
  getNotifications: e({ method: 'GET', path: P.NOTIFICATIONS_PATH, auth: 'member', data: NotificationSettingsSchema }),
  putNotifications: e({ method: 'PUT', path: P.NOTIFICATIONS_PATH, auth: 'member', body: NotificationSettingsSchema, data: NotificationSettingsSchema }),
  getSocialProfiles: e({ method: 'GET', path: P.SOCIAL_PROFILES_PATH, auth: 'member', data: SocialProfilesResultSchema }),
  putSocialProfile: e({ method: 'PUT', path: P.SOCIAL_PROFILES_PATH, auth: 'member', body: SocialProfileInputSchema, data: SocialProfilesResultSchema }),
  deleteSocialProfile: e({
    method: 'DELETE',
    path: P.SOCIAL_PROFILES_PATH,
    auth: 'member',
    query: SocialProfileDeleteQuerySchema,
    data: SocialProfilesResultSchema,
  }),
  myReferrals: e({ method: 'GET', path: P.MY_REFERRALS_PATH, auth: 'member', data: MyReferralsSchema }),
  referralCodeCheck: e({
    method: 'POST',
    path: P.REFERRAL_CODE_CHECK_PATH,
    auth: 'optional',
    body: ReferralCodeCheckBodySchema,
    data: ReferralCodeCheckResultSchema,
    silent: true,
  }),
  signInLinkCheck: e({
    method: 'POST',
    path: P.SIGNIN_LINK_CHECK_PATH,
    auth: 'none',
    body: EmptyBodySchema,
    data: BotCheckPassedSchema,
    silent: true,
    bot: 'signin_link',
  }),
  shipments: e({ method: 'GET', path: P.SHIPMENTS_PATH, auth: 'member', data: ShipmentsResultSchema }),
  requestReturn: e({
    method: 'POST',
    path: P.SHIPMENT_RETURN_PATH,
    params: { sid: ShipmentIdParam },
    auth: 'member',
    body: ReturnRequestBodySchema,
    data: ShipmentSchema,
  }),
  pseudonymize: e({
    method: 'POST',
    path: P.PSEUDONYMIZE_PATH,
    auth: 'member',
    body: PseudonymizeBodySchema,
    data: PseudonymizeResultSchema,
    recentSignIn: true,
  }),

  emailValidate: e({
    method: 'POST',
    path: P.EMAIL_VALIDATE_PATH,
    auth: 'optional',
    body: EmailValidateBodySchema,
    data: EmailValidateResultSchema,
    silent: true,
  }),
  emailOtpSend: e({
    method: 'POST',
    path: P.EMAIL_OTP_SEND_PATH,
    auth: 'member',
    body: EmailOtpSendBodySchema,
    data: OtpSentSchema,
    silent: true,
    bot: 'otp_send',
    refusals: ['in-use'],
  }),
  emailOtpVerify: e({
    method: 'POST',
    path: P.EMAIL_OTP_VERIFY_PATH,
    auth: 'member',
    body: EmailOtpVerifyBodySchema,
    data: OtpVerifiedSchema,
    silent: true,
    refusals: ['no-open-code', 'code-expired', 'wrong-code'],
  }),
  updateEmail: e({
    method: 'PUT',
    path: P.EMAIL_PATH,
    auth: 'member',
    body: UpdateEmailBodySchema,
    data: MemberSummarySchema,
    recentSignIn: true,
    refusals: ['in-use'],
  }),
  phoneValidate: e({
    method: 'POST',
    path: P.PHONE_VALIDATE_PATH,
    auth: 'optional',
    body: PhoneValidateBodySchema,
    data: PhoneValidateResultSchema,
    silent: true,
  }),
  phoneOtpSend: e({
    method: 'POST',
    path: P.PHONE_OTP_SEND_PATH,
    auth: 'member',
    body: PhoneOtpSendBodySchema,
    data: OtpSentSchema,
    silent: true,
    bot: 'otp_send',
    refusals: ['in-use', 'email-unconfirmed', 'country-not-served'],
  }),
  phoneOtpVerify: e({
    method: 'POST',
    path: P.PHONE_OTP_VERIFY_PATH,
    auth: 'member',
    body: PhoneOtpVerifyBodySchema,
    data: OtpVerifiedSchema,
    silent: true,
    refusals: ['no-open-code', 'code-expired', 'wrong-code'],
  }),
  updatePhone: e({
    method: 'PUT',
    path: P.PHONE_NUMBER_PATH,
    auth: 'member',
    body: UpdatePhoneBodySchema,
    data: MemberSummarySchema,
    recentSignIn: true,
    refusals: ['in-use'],
  }),

  publicCampaigns: e({ method: 'GET', path: P.PUBLIC_CAMPAIGNS_PATH, auth: 'none', query: CampaignListQuerySchema, data: CampaignPageSchema }),
  unsubscribeCheck: e({ method: 'GET', path: P.UNSUBSCRIBE_PATH, auth: 'none', query: UnsubscribeQuerySchema, data: UnsubscribeSchema, silent: true }),
  unsubscribe: e({
    method: 'POST',
    path: P.UNSUBSCRIBE_PATH,
    auth: 'none',
    query: UnsubscribeQuerySchema,
    body: UnsubscribeBodySchema,
    data: UnsubscribeSchema,
    silent: true,
  }),
  publicCampaign: e({ method: 'GET', path: P.PUBLIC_CAMPAIGN_PATH, params: { idOrSlug: CampaignIdOrSlugParam }, auth: 'none', data: CampaignDetailSchema }),
  publicCategories: e({ method: 'GET', path: P.PUBLIC_CATEGORIES_PATH, auth: 'none', data: CategoriesResultSchema }),
  publicReviews: e({ method: 'GET', path: P.PUBLIC_REVIEWS_PATH, auth: 'none', query: ReviewListQuerySchema, data: ReviewPageSchema }),
  publicSitemap: e({ method: 'GET', path: P.PUBLIC_SITEMAP_PATH, auth: 'none', data: SitemapIndexSchema }),
  publicSitemapCampaigns: e({ method: 'GET', path: P.PUBLIC_SITEMAP_CAMPAIGNS_PATH, auth: 'none', data: CampaignSitemapSchema }),
  publicSitemapReviews: e({ method: 'GET', path: P.PUBLIC_SITEMAP_REVIEWS_PATH, auth: 'none', query: ReviewSitemapQuerySchema, data: null, file: 'text/csv' }),
  publicReview: e({ method: 'GET', path: P.PUBLIC_REVIEW_PATH, params: { id: ReviewIdParam }, auth: 'none', data: PublicReviewPageSchema }),
  publicImage: e({ method: 'GET', path: P.PUBLIC_IMAGE_PATH, params: { name: DemoImageNameParam }, auth: 'none', data: null, file: 'image/svg+xml' }),
  publicReviewPhoto: e({
    method: 'GET',
    path: P.PUBLIC_REVIEW_PHOTO_PATH,
    params: { id: PhotoIdParam, size: PhotoSizeParam },
    auth: 'none',
    data: null,
    file: 'image/jpeg',
  }),
  publicProductImage: e({
    method: 'GET',
    path: P.PUBLIC_PRODUCT_IMAGE_PATH,
    params: { id: ProductImageIdParam, size: ProductImageSizeParam },
    auth: 'none',
    data: null,
    file: 'image/jpeg',
  }),

  processSignup: e({
    method: 'POST',
    path: P.PROCESS_SIGNUP_PATH,
    auth: 'member',
    body: ProcessSignupBodySchema,
    data: ParticipationSchema,
    bot: 'campaign_signup',
    notWhileSuspended: true,
    refusals: ['suspended'],
  }),
  campaignEligibility: e({
    method: 'GET',
    path: P.CAMPAIGN_ELIGIBILITY_PATH,
    auth: 'member',
    query: CampaignEligibilityQuerySchema,
    data: CampaignEligibilityListSchema,
  }),
  campaignParticipations: e({
    method: 'GET',
    path: P.CAMPAIGN_PARTICIPATIONS_PATH,
    params: { cid: CampaignIdParam },
    auth: 'member',
    data: ParticipationListSchema,
  }),
  campaignParticipation: e({
    method: 'GET',
    path: P.CAMPAIGN_PARTICIPATION_PATH,
    params: { cid: ParticipationCampaignIdParam, pid: ParticipationIdParam },
    auth: 'member',
    data: ParticipationSchema,
  }),
  withdrawParticipation: e({
    method: 'PATCH',
    path: P.CAMPAIGN_PARTICIPATION_PATH,
    params: { cid: ParticipationCampaignIdParam, pid: ParticipationIdParam },
    auth: 'member',
    body: ParticipationPatchBodySchema,
    data: ParticipationSchema,
  }),
  participations: e({ method: 'GET', path: P.PARTICIPATIONS_PATH, auth: 'member', query: ParticipationListQuerySchema, data: ParticipationListSchema }),
  ackQuestionnaire: e({ method: 'POST', path: P.ACK_QUESTIONNAIRE_PATH, auth: 'member', body: AckBodySchema, data: ParticipationSchema }),
  ackVpIntent: e({ method: 'POST', path: P.ACK_VP_INTENT_PATH, auth: 'member', body: AckBodySchema, data: ParticipationSchema }),

  rcProduct: e({ method: 'GET', path: P.RC_PRODUCT_PATH, auth: 'member', query: RcProductQuerySchema, data: RcProductSchema }),
  submitReview: e({
    method: 'POST',
    path: P.FLIGHT_REVIEW_PATH,
    auth: 'member',
    body: ReviewBodySchema,
    data: MemberReviewSchema,
    notWhileSuspended: true,
    refusals: ['suspended'],
  }),
  uploadReviewPhoto: e({
    method: 'POST',
    path: P.REVIEW_PHOTOS_PATH,
    auth: 'member',
    query: PhotoUploadQuerySchema,
    upload: 'image',
    data: UploadedPhotoSchema,
    silent: true,
    notWhileSuspended: true,
    refusals: ['image-refused', 'too-many-uploads', 'image-queue-full', 'suspended'],
  }),
  deleteReviewPhoto: e({ method: 'DELETE', path: P.REVIEW_PHOTO_PATH, params: { id: PhotoIdParam }, auth: 'member', data: PhotoDeletedSchema, silent: true }),
  reviewPhotoFile: e({
    method: 'GET',
    path: P.REVIEW_PHOTO_FILE_PATH,
    params: { id: PhotoIdParam, size: PhotoSizeParam },
    auth: 'member',
    data: null,
    file: 'image/jpeg',
  }),
  socialPosts: e({ method: 'GET', path: P.FLIGHT_SOCIAL_PATH, auth: 'member', query: SocialPostsQuerySchema, data: SocialPostsResultSchema }),
  submitSocialPost: e({
    method: 'POST',
    path: P.FLIGHT_SOCIAL_PATH,
    auth: 'member',
    body: SocialPostBodySchema,
    data: SocialPostSchema,
    notWhileSuspended: true,
    refusals: ['suspended'],
  }),
  reportImpressions: e({
    method: 'POST',
    path: P.FLIGHT_SOCIAL_IMPRESSIONS_PATH,
    auth: 'member',
    body: ImpressionsBodySchema,
    data: SocialPostSchema,
    notWhileSuspended: true,
    refusals: ['suspended'],
  }),

  missions: e({ method: 'GET', path: P.MISSIONS_PATH, auth: 'member', data: MissionsResultSchema }),
  points: e({ method: 'GET', path: P.POINTS_PATH, auth: 'member', data: PointsResultSchema }),
  standing: e({ method: 'GET', path: P.STANDING_PATH, auth: 'member', data: StandingSchema }),
  rewards: e({ method: 'GET', path: P.REWARDS_PATH, auth: 'member', data: RewardsResultSchema }),
  redemptions: e({ method: 'GET', path: P.DISCOUNT_CODE_PATH, auth: 'member', data: RedemptionsResultSchema }),
  redeem: e({
    method: 'POST',
    path: P.DISCOUNT_CODE_PATH,
    auth: 'member',
    body: RedeemBodySchema,
    data: RedeemResultSchema,
    notWhileSuspended: true,
    refusals: ['suspended'],
  }),
  intercomToken: e({ method: 'POST', path: P.INTERCOM_TOKEN_PATH, auth: 'member', body: EmptyBodySchema, data: IntercomTokenResultSchema }),

  logsCollector: e({ method: 'POST', path: P.LOGS_COLLECTOR_PATH, auth: 'none', body: LogEntrySchema, data: LogAcceptedSchema }),

  staffSelf: e({ method: 'GET', path: P.OPS_SELF_PATH, auth: 'staff', capability: null, data: StaffSelfSchema }),
  opsModerationQueue: e({
    method: 'GET',
    path: P.OPS_REVIEWS_PATH,
    auth: 'staff',
    capability: 'reviews:moderate',
    query: ModerationQuerySchema,
    data: ModerationPageSchema,
  }),
  opsReviewPhoto: e({
    method: 'GET',
    path: P.OPS_REVIEW_PHOTO_PATH,
    params: { id: PhotoIdParam, size: PhotoSizeParam },
    auth: 'staff',
    capability: 'reviews:moderate',
    data: null,
    file: 'image/jpeg',
  }),
  opsDecideReview: e({
    method: 'POST',
    path: P.OPS_REVIEW_DECISION_PATH,
    params: { id: ReviewIdParam },
    auth: 'staff',
    capability: 'reviews:moderate',
    body: ReviewDecisionBodySchema,
    data: ReviewDecisionSchema,
  }),
  opsStaff: e({ method: 'GET', path: P.OPS_STAFF_PATH, auth: 'staff', capability: 'staff:manage', data: StaffListSchema }),
  opsGrantRole: e({
    method: 'POST',
    path: P.OPS_STAFF_GRANT_PATH,
    auth: 'staff',
    capability: 'staff:manage',
    body: RoleChangeBodySchema,
    data: RoleChangeResultSchema,
    recentSignIn: true,
    // No account with the address, or one whose address is not confirmed: said beside the field.
    refusalsInline: true,
    refusals: ['email-unconfirmed'],
  }),
  opsRevokeRole: e({
    method: 'POST',
    path: P.OPS_STAFF_REVOKE_PATH,
    auth: 'staff',
    capability: 'staff:manage',
    body: RoleChangeBodySchema,
    data: RoleChangeResultSchema,
    recentSignIn: true,
  }),
  opsResetSecondFactor: e({
    method: 'POST',
    path: P.OPS_STAFF_SECOND_FACTOR_RESET_PATH,
    auth: 'staff',
    capability: 'staff:manage',
    body: SecondFactorResetBodySchema,
    data: SecondFactorResetResultSchema,
    recentSignIn: true,
  }),
  opsAudit: e({ method: 'GET', path: P.OPS_AUDIT_PATH, auth: 'staff', capability: 'audit:read', query: AuditQuerySchema, data: AuditPageSchema }),
  opsCampaigns: e({ method: 'GET', path: P.OPS_CAMPAIGNS_PATH, auth: 'staff', capability: 'applicants:select', data: OpsCampaignListSchema }),
  opsCampaignStatus: e({
    method: 'POST',
    path: P.OPS_CAMPAIGN_STATUS_PATH,
    params: { id: CampaignIdParam },
    auth: 'staff',
    capability: 'campaigns:edit',
    body: CampaignStatusBodySchema,
    data: CampaignStatusResultSchema,
    refusals: ['not-publishable'],
  }),
  opsNewsletters: e({ method: 'GET', path: P.OPS_NEWSLETTERS_PATH, auth: 'staff', capability: 'newsletter:send', data: OpsNewsletterListSchema }),
  /** Writes the issue and starts sending it (the member API sends it in batches, each member once). */
  opsSendNewsletter: e({
    method: 'POST',
    path: P.OPS_NEWSLETTERS_PATH,
    auth: 'staff',
    capability: 'newsletter:send',
    recentSignIn: true,
    body: NewsletterInputSchema,
    data: OpsNewsletterSchema,
    refusalsInline: true,
  }),
  opsCampaign: e({
    method: 'GET',
    path: P.OPS_CAMPAIGN_PATH,
    params: { id: CampaignIdParam },
    auth: 'staff',
    capability: 'campaigns:edit',
    data: OpsCampaignDetailSchema,
  }),
  opsCreateCampaign: e({
    method: 'POST',
    path: P.OPS_CAMPAIGNS_PATH,
    auth: 'staff',
    capability: 'campaigns:edit',
    body: CampaignInputSchema,
    data: OpsCampaignDetailSchema,
    refusalsInline: true,
  }),
  opsUpdateCampaign: e({
    method: 'PUT',
    path: P.OPS_CAMPAIGN_PATH,
    params: { id: CampaignIdParam },
    auth: 'staff',
    capability: 'campaigns:edit',
    body: CampaignUpdateBodySchema,
    data: OpsCampaignDetailSchema,
    refusalsInline: true,
    refusals: ['stale-edit'],
  }),
  /** The campaign's page as members will see it, whatever its status. */
  opsCampaignPreview: e({
    method: 'GET',
    path: P.OPS_CAMPAIGN_PREVIEW_PATH,
    params: { id: CampaignIdParam },
    auth: 'staff',
    capability: 'campaigns:edit',
    data: CampaignDetailSchema,
  }),
  /** The campaign's results, live: each flight's funnel, ratings, screener answers and testers in aggregate, social reach. */
  opsCampaignResults: e({
    method: 'GET',
    path: P.OPS_CAMPAIGN_RESULTS_PATH,
    params: { id: CampaignIdParam },
    auth: 'staff',
    capability: 'campaigns:edit',
    data: CampaignResultsSchema,
  }),
  /** The campaign's published reviews to take away, streamed: CSV, or a JSON array. Each export is audited. */
  opsCampaignReviewsCsv: e({
    method: 'GET',
    path: P.OPS_CAMPAIGN_REVIEWS_CSV_PATH,
    params: { id: CampaignIdParam },
    auth: 'staff',
    capability: 'campaigns:edit',
    data: null,
    file: 'text/csv',
    refusals: ['export-limit'],
  }),
  opsCampaignReviewsJson: e({
    method: 'GET',
    path: P.OPS_CAMPAIGN_REVIEWS_JSON_PATH,
    params: { id: CampaignIdParam },
    auth: 'staff',
    capability: 'campaigns:edit',
    data: null,
    file: 'application/json',
    refusals: ['export-limit'],
  }),
  opsCampaignPhotosZip: e({
    method: 'GET',
    path: P.OPS_CAMPAIGN_PHOTOS_ZIP_PATH,
    params: { id: CampaignIdParam },
    auth: 'staff',
    capability: 'campaigns:edit',
    data: null,
    file: 'application/zip',
    refusals: ['export-limit'],
  }),
  opsCreateFlight: e({
    method: 'POST',
    path: P.OPS_CAMPAIGN_FLIGHTS_PATH,
    params: { id: CampaignIdParam },
    auth: 'staff',
    capability: 'campaigns:edit',
    body: FlightBodySchema,
    data: OpsCampaignDetailSchema,
    refusalsInline: true,
    refusals: ['stale-edit'],
  }),
  opsUpdateFlight: e({
    method: 'PUT',
    path: P.OPS_CAMPAIGN_FLIGHT_PATH,
    params: { id: CampaignIdParam, flightId: FlightIdParam },
    auth: 'staff',
    capability: 'campaigns:edit',
    body: FlightBodySchema,
    data: OpsCampaignDetailSchema,
    refusalsInline: true,
    refusals: ['stale-edit'],
  }),
  opsDeleteFlight: e({
    method: 'DELETE',
    path: P.OPS_CAMPAIGN_FLIGHT_PATH,
    params: { id: CampaignIdParam, flightId: FlightIdParam },
    auth: 'staff',
    capability: 'campaigns:edit',
    query: FlightDeleteQuerySchema,
    data: OpsCampaignDetailSchema,
    refusals: ['stale-edit'],
  }),
  opsProducts: e({ method: 'GET', path: P.OPS_PRODUCTS_PATH, auth: 'staff', capability: 'campaigns:edit', data: OpsProductListSchema }),
  opsCreateProduct: e({
    method: 'POST',
    path: P.OPS_PRODUCTS_PATH,
    auth: 'staff',
    capability: 'campaigns:edit',
    body: ProductInputSchema,
    data: OpsProductSchema,
  }),
  opsUpdateProduct: e({
    method: 'PUT',
    path: P.OPS_PRODUCT_PATH,
    params: { id: ProductIdParam },
    auth: 'staff',
    capability: 'campaigns:edit',
    body: ProductUpdateBodySchema,
    data: OpsProductSchema,
    refusals: ['stale-edit'],
  }),
  // A product's images: silent, as the console words each refusal beside the image or the file.
  opsUploadProductImage: e({
    method: 'POST',
    path: P.OPS_PRODUCT_IMAGES_PATH,
    auth: 'staff',
    capability: 'campaigns:edit',
    query: ProductImageUploadQuerySchema,
    upload: 'image',
    data: OpsProductImagesSchema,
    silent: true,
    refusals: ['image-refused', 'image-queue-full'],
  }),
  opsDescribeProductImage: e({
    method: 'PATCH',
    path: P.OPS_PRODUCT_IMAGE_PATH,
    params: { id: ProductImageIdParam },
    auth: 'staff',
    capability: 'campaigns:edit',
    body: ProductImageAltBodySchema,
    data: OpsProductImagesSchema,
    silent: true,
  }),
  opsMoveProductImage: e({
    method: 'POST',
    path: P.OPS_PRODUCT_IMAGE_POSITION_PATH,
    params: { id: ProductImageIdParam },
    auth: 'staff',
    capability: 'campaigns:edit',
    body: ProductImageMoveBodySchema,
    data: OpsProductImagesSchema,
    silent: true,
  }),
  opsRemoveProductImage: e({
    method: 'DELETE',
    path: P.OPS_PRODUCT_IMAGE_PATH,
    params: { id: ProductImageIdParam },
    auth: 'staff',
    capability: 'campaigns:edit',
    data: OpsProductImagesSchema,
    silent: true,
    refusals: ['image-refused'],
  }),
  opsApplicants: e({
    method: 'GET',
    path: P.OPS_FLIGHT_APPLICANTS_PATH,
    params: { id: FlightIdParam },
    auth: 'staff',
    capability: 'applicants:select',
    query: ApplicantsQuerySchema,
    data: ApplicantPageSchema,
  }),
  opsSelect: e({
    method: 'POST',
    path: P.OPS_FLIGHT_SELECTION_PATH,
    params: { id: FlightIdParam },
    auth: 'staff',
    capability: 'applicants:select',
    body: SelectionBodySchema,
    data: SelectionResultSchema,
    refusals: ['household', 'linked-applicants'],
  }),
  opsShipments: e({
    method: 'GET',
    path: P.OPS_SHIPMENTS_PATH,
    auth: 'staff',
    capability: 'shipments:manage',
    query: OpsShipmentsQuerySchema,
    data: OpsShipmentPageSchema,
  }),
  opsShipmentAction: e({
    method: 'POST',
    path: P.OPS_SHIPMENT_ACTION_PATH,
    params: { id: ShipmentIdParam },
    auth: 'staff',
    capability: 'shipments:manage',
    body: ShipmentActionBodySchema,
    data: ShipmentActionResultSchema,
  }),
  opsPendingShipmentsCsv: e({
    method: 'GET',
    path: P.OPS_SHIPMENTS_EXPORT_PATH,
    auth: 'staff',
    capability: 'shipments:manage',
    query: v.strictObject({ campaign: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(120))) }),
    data: null,
    file: 'text/csv',
    refusals: ['export-limit'],
  }),
  opsTrackingImport: e({
    method: 'POST',
    path: P.OPS_TRACKING_IMPORT_PATH,
    auth: 'staff',
    capability: 'shipments:manage',
    query: TrackingImportQuerySchema,
    upload: 'csv',
    data: TrackingImportReportSchema,
  }),
  opsMembers: e({
    method: 'GET',
    path: P.OPS_MEMBERS_PATH,
    auth: 'staff',
    capability: 'members:read',
    query: MemberSearchQuerySchema,
    data: MemberSearchResultSchema,
  }),
  opsMember: e({ method: 'GET', path: P.OPS_MEMBER_PATH, params: { id: MemberIdParam }, auth: 'staff', capability: 'members:read', data: OpsMemberSchema }),
  opsGrantPoints: e({
    method: 'POST',
    path: P.OPS_MEMBER_POINTS_PATH,
    params: { id: MemberIdParam },
    auth: 'staff',
    capability: 'members:act',
    body: GoodwillBodySchema,
    data: GoodwillResultSchema,
  }),
  opsWithdrawForMember: e({
    method: 'POST',
    path: P.OPS_MEMBER_WITHDRAW_PATH,
    params: { id: MemberIdParam, pid: ParticipationIdParam },
    auth: 'staff',
    capability: 'members:act',
    body: SupportWithdrawBodySchema,
    data: SupportWithdrawResultSchema,
  }),
  opsSuspendMember: e({
    method: 'POST',
    path: P.OPS_MEMBER_SUSPENSION_PATH,
    params: { id: MemberIdParam },
    auth: 'staff',
    capability: 'members:act',
    body: SuspendBodySchema,
    data: SuspendResultSchema,
  }),
  opsLiftSuspension: e({
    method: 'POST',
    path: P.OPS_MEMBER_LIFT_SUSPENSION_PATH,
    params: { id: MemberIdParam },
    auth: 'staff',
    capability: 'members:act',
    body: EmptyBodySchema,
    data: LiftResultSchema,
  }),
  // "Not the same person" is support's call (members:act: support and admins), made on the member
  // page where the links are read in full with both accounts' records (members:read). Campaign
  // managers read no member records: they see an applicant's links in the applicants table and
  // confirm them selection by selection (opsSelect's confirmLinked) rather than rule on them.
  opsRuleLink: e({
    method: 'POST',
    path: P.OPS_MEMBER_LINK_RULING_PATH,
    params: { id: MemberIdParam, linkedId: MemberIdParam },
    auth: 'staff',
    capability: 'members:act',
    body: LinkRulingBodySchema,
    data: LinkRulingResultSchema,
  }),
  opsWithdrawLinkRuling: e({
    method: 'DELETE',
    path: P.OPS_MEMBER_LINK_RULING_PATH,
    params: { id: MemberIdParam, linkedId: MemberIdParam },
    auth: 'staff',
    capability: 'members:act',
    data: LinkRulingResultSchema,
  }),
  opsResendVerification: e({
    method: 'POST',
    path: P.OPS_MEMBER_VERIFICATION_PATH,
    params: { id: MemberIdParam },
    auth: 'staff',
    capability: 'members:act',
    body: EmptyBodySchema,
    data: VerificationSentSchema,
  }),
  opsAuditExport: e({
    method: 'GET',
    path: P.OPS_AUDIT_EXPORT_PATH,
    auth: 'staff',
    capability: 'audit:read',
    query: AuditQuerySchema,
    data: null,
    file: 'text/csv',
    refusals: ['export-limit'],
  }),
  opsCategories: e({ method: 'GET', path: P.OPS_CATEGORIES_PATH, auth: 'staff', capability: 'categories:edit', data: OpsCategoryListSchema }),
  opsCreateCategory: e({
    method: 'POST',
    path: P.OPS_CATEGORIES_PATH,
    auth: 'staff',
    capability: 'categories:edit',
    body: CategoryCreateBodySchema,
    data: OpsCategorySchema,
  }),
  opsRenameCategory: e({
    method: 'PUT',
    path: P.OPS_CATEGORY_PATH,
    params: { slug: CategorySlugParam },
    auth: 'staff',
    capability: 'categories:edit',
    body: CategoryRenameBodySchema,
    data: OpsCategorySchema,
  }),

  opsBrands: e({ method: 'GET', path: P.OPS_BRANDS_PATH, auth: 'staff', capability: 'brands:manage', data: OpsBrandListSchema }),
  opsCreateBrand: e({
    method: 'POST',
    path: P.OPS_BRANDS_PATH,
    auth: 'staff',
    capability: 'brands:manage',
    body: CreateBrandBodySchema,
    data: OpsBrandSchema,
    refusalsInline: true,
  }),
  opsInviteBrandUser: e({
    method: 'POST',
    path: P.OPS_BRAND_INVITATIONS_PATH,
    params: { id: BrandIdParam },
    auth: 'staff',
    capability: 'brands:manage',
    body: InviteBrandUserBodySchema,
    data: OpsBrandInvitationSchema,
    refusalsInline: true,
    // It opens a brand's results to someone outside the community, as a role grant opens the console.
    recentSignIn: true,
  }),
  opsWithdrawBrandInvitation: e({
    method: 'DELETE',
    path: P.OPS_BRAND_INVITATION_PATH,
    params: { id: BrandIdParam, invitationId: InvitationIdParam },
    auth: 'staff',
    capability: 'brands:manage',
    data: OpsBrandInvitationSchema,
  }),
  opsRemoveBrandUser: e({
    method: 'DELETE',
    path: P.OPS_BRAND_USER_PATH,
    params: { id: BrandIdParam, uid: BrandUserUidParam },
    auth: 'staff',
    capability: 'brands:manage',
    data: BrandRemovedSchema,
  }),

  brandSelf: e({ method: 'GET', path: P.BRAND_SELF_PATH, auth: 'brand', data: BrandSelfSchema }),
  brandCampaigns: e({ method: 'GET', path: P.BRAND_CAMPAIGNS_PATH, auth: 'brand', data: BrandCampaignListSchema }),
  brandCampaignResults: e({ method: 'GET', path: P.BRAND_CAMPAIGN_RESULTS_PATH, params: { id: CampaignIdParam }, auth: 'brand', data: CampaignResultsSchema }),
  brandCampaignReviewsCsv: e({
    method: 'GET',
    path: P.BRAND_CAMPAIGN_REVIEWS_CSV_PATH,
    params: { id: CampaignIdParam },
    auth: 'brand',
    data: null,
    file: 'text/csv',
    refusals: ['export-limit'],
  }),
  brandCampaignReviewsJson: e({
    method: 'GET',
    path: P.BRAND_CAMPAIGN_REVIEWS_JSON_PATH,
    params: { id: CampaignIdParam },
    auth: 'brand',
    data: null,
    file: 'application/json',
    refusals: ['export-limit'],
  }),
  brandCampaignPhotosZip: e({
    method: 'GET',
    path: P.BRAND_CAMPAIGN_PHOTOS_ZIP_PATH,
    params: { id: CampaignIdParam },
    auth: 'brand',
    data: null,
    file: 'application/zip',
    refusals: ['export-limit'],
  }),
  brandInvitation: e({ method: 'POST', path: P.BRAND_INVITATION_CHECK_PATH, auth: 'member', body: InvitationTokenBodySchema, data: BrandInvitationSchema }),
  acceptBrandInvitation: e({
    method: 'POST',
    path: P.BRAND_INVITATION_ACCEPT_PATH,
    auth: 'member',
    body: InvitationTokenBodySchema,
    data: BrandSelfSchema,
    // Used up, expired or withdrawn, or a staff account: the invitation page says so itself.
    refusalsInline: true,
    refusals: ['invitation-closed', 'other-brand', 'email-unconfirmed', 'staff-account'],
  }),

  devOutbox: e({ method: 'GET', path: P.DEV_OUTBOX_PATH, auth: 'none', query: OutboxQuerySchema, data: OutboxResultSchema, devOnly: true }),
  devOps: e({ method: 'POST', path: P.DEV_OPS_PATH, auth: 'none', body: OpsCommandSchema, data: v.unknown(), devOnly: true }),
  devClock: e({ method: 'POST', path: P.DEV_CLOCK_PATH, auth: 'none', body: DevClockBodySchema, data: DevClockResultSchema, devOnly: true }),
} satisfies Record<string, Endpoint>

export type EndpointName = keyof typeof ENDPOINTS

/** The parameter names of a path: `'a/:cid/b/:pid'` → `'cid' | 'pid'`. */
export type PathParams<P extends string> = P extends `${infer Segment}/${infer Rest}` ? ParamOf<Segment> | PathParams<Rest> : ParamOf<P>
type ParamOf<S extends string> = S extends `:${infer Name}` ? Name : never

type ParamSchemaOf<E extends Endpoint, K extends string> = E['params'] extends Readonly<Record<K, infer S extends PathParamSchema>> ? S : PathParamSchema
/** The path parameters a caller fills in, typed by the entry's schemas, and what the suite's handler receives after checking them. */
export type ParamsInput<E extends Endpoint> = { [K in PathParams<E['path']>]: v.InferInput<ParamSchemaOf<E, K>> }
export type ParamsOutput<E extends Endpoint> = { [K in PathParams<E['path']>]: v.InferOutput<ParamSchemaOf<E, K>> }

type InputOf<S> = S extends v.GenericSchema ? v.InferInput<S> : undefined
type OutputOf<S> = S extends v.GenericSchema ? v.InferOutput<S> : undefined

/** What a caller sends as the body, and what the suite's handler receives after parsing. */
export type BodyInput<E extends Endpoint> = InputOf<E['body']>
export type BodyOutput<E extends Endpoint> = OutputOf<E['body']>
export type QueryInput<E extends Endpoint> = InputOf<E['query']>
export type QueryOutput<E extends Endpoint> = OutputOf<E['query']>
/** What the suite sends as `data` (before the schema's transforms), and what the portal reads. */
export type DataInput<E extends Endpoint> = E['data'] extends v.GenericSchema ? v.InferInput<E['data']> : never
export type DataOutput<E extends Endpoint> = E['data'] extends v.GenericSchema ? v.InferOutput<E['data']> : never
