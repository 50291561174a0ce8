// The member API's paths, relative to its base address and written without a leading slash (the
// client joins them as `${base}/${path}`). Segments starting with ':' are parameters; `fillPath`
// substitutes them. Everything else about an endpoint is said once, in endpoints.ts.

export const API_USER_PATH = 'api/user'
export const API_MEMBER_PATH = 'api/member'
export const MEMBERS_PATH = 'suite/api/members'
export const UPDATE_PROFILE_PATH = 'suite/api/members/update-profile'
export const DOWNLOAD_PROFILE_PATH = 'suite/api/members/download-profile'
export const MISSIONS_PATH = 'suite/api/members/missions'
export const POINTS_PATH = 'suite/api/members/points'
export const STANDING_PATH = 'suite/api/members/standing'
export const REWARDS_PATH = 'suite/api/rewards'
export const DOWNLOAD_PROFILE_PDF_PATH = 'downloadPDF/api/download-profile'
export const DOWNLOAD_PDF_PATH = 'downloadPDF/api/download-pdf'

export const CAMPAIGN_PARTICIPATIONS_PATH = 'suite/api/campaigns/:cid/participations'
export const CAMPAIGN_PARTICIPATION_PATH = 'suite/api/campaigns/:cid/participations/:pid'

export const MEMBER_INFO_PATH = 'logistics/v1/members/member_info'
export const ADDRESS_PATH = 'logistics/v1/members/address'
export const NOTIFICATIONS_PATH = 'logistics/v1/members/notifications'
export const SOCIAL_PROFILES_PATH = 'logistics/v1/members/social_profiles'
export const EMAIL_PATH = 'logistics/v1/members/email'
export const PHONE_NUMBER_PATH = 'logistics/v1/members/phone_number'
export const MY_REFERRALS_PATH = 'logistics/v1/members/my_referrals'
export const SHIPMENTS_PATH = 'logistics/v1/members/shipments'
export const SHIPMENT_RETURN_PATH = 'logistics/v1/members/shipments/:sid/return'
export const PSEUDONYMIZE_PATH = 'logistics/v1/members/pseudonymize'

export const EMAIL_VALIDATE_PATH = 'logistics/v1/members/email/validate'
export const EMAIL_OTP_SEND_PATH = 'logistics/v1/members/email/otp/send'
export const EMAIL_OTP_VERIFY_PATH = 'logistics/v1/members/email/otp/verify'
export const PHONE_VALIDATE_PATH = 'logistics/v1/members/phone_number/validate'
export const PHONE_OTP_SEND_PATH = 'logistics/v1/members/phone_number/otp/send'
export const PHONE_OTP_VERIFY_PATH = 'logistics/v1/members/phone_number/otp/verify'
export const REFERRAL_CODE_CHECK_PATH = 'logistics/v1/members/is_valid_referral_code'
/** The bot check before the browser asks Firebase for a sign-in link (Firebase sends it, not the member API). */
export const SIGNIN_LINK_CHECK_PATH = 'suite/api/bot-check/signin-link'

export const PROCESS_SIGNUP_PATH = 'logistics/v1/campaigns/process_signup'
/** The calling member's eligibility for the open and upcoming campaigns (or one campaign). */
export const CAMPAIGN_ELIGIBILITY_PATH = 'logistics/v1/campaigns/eligibility'
export const PARTICIPATIONS_PATH = 'logistics/v1/participations'
export const ACK_VP_INTENT_PATH = 'logistics/v1/participations/ack_vp_intent'
export const ACK_QUESTIONNAIRE_PATH = 'logistics/v1/participations/ack_questionnaire'

export const RC_PRODUCT_PATH = 'logistics/v1/content/rc_product'
export const FLIGHT_REVIEW_PATH = 'logistics/v1/content/flight/review'
/** The member's photos for a review: upload (the body is the file), then one photo in a size, or its removal. */
export const REVIEW_PHOTOS_PATH = 'logistics/v1/content/flight/review/photos'
export const REVIEW_PHOTO_PATH = 'logistics/v1/content/flight/review/photos/:id'
export const REVIEW_PHOTO_FILE_PATH = 'logistics/v1/content/flight/review/photos/:id/:size'
export const FLIGHT_SOCIAL_PATH = 'logistics/v1/content/flight/social'
export const FLIGHT_SOCIAL_IMPRESSIONS_PATH = 'logistics/v1/content/flight/social/impressions'

export const DISCOUNT_CODE_PATH = 'shopify/v1/community_reward_discount_code'
export const INTERCOM_TOKEN_PATH = 'intercom/v1/generate-token'

export const LOGS_COLLECTOR_PATH = 'logs_collector'

export const PUBLIC_CAMPAIGNS_PATH = 'suite/api/public/campaigns'
export const PUBLIC_CAMPAIGN_PATH = 'suite/api/public/campaigns/:idOrSlug'
export const PUBLIC_REVIEWS_PATH = 'suite/api/public/reviews'
export const PUBLIC_REVIEW_PATH = 'suite/api/public/reviews/:id'
export const PUBLIC_CATEGORIES_PATH = 'suite/api/public/categories'
/** What the portal's sitemaps list: the index's parts, the published campaigns, one share of the published reviews. */
export const PUBLIC_SITEMAP_PATH = 'suite/api/public/sitemap'
export const PUBLIC_SITEMAP_CAMPAIGNS_PATH = 'suite/api/public/sitemap/campaigns'
export const PUBLIC_SITEMAP_REVIEWS_PATH = 'suite/api/public/sitemap/reviews'
/** A message's signed unsubscribe link: GET says what it will do, POST does it (no sign-in; the token is the authority). */
export const UNSUBSCRIBE_PATH = 'suite/api/public/unsubscribe'
/** Product images of the demo catalogue (SVG). */
export const PUBLIC_IMAGE_PATH = 'suite/api/public/images/:name'
/** A photo of a published review, in a size (JPEG); any other photo is NOT_FOUND. */
export const PUBLIC_REVIEW_PHOTO_PATH = 'suite/api/public/review-photos/:id/:size'
/** An uploaded product image, in a size (JPEG); anyone may load it. */
export const PUBLIC_PRODUCT_IMAGE_PATH = 'suite/api/public/product-images/:id/:size'

/** Local mode only: the e-mails and SMS the suite sent. Absent in production. */
export const DEV_OUTBOX_PATH = 'suite/api/dev/outbox'
/** Local mode only: operator commands for the ops CLI while the suite holds the embedded database. */
export const DEV_OPS_PATH = 'suite/api/dev/ops'
/** Local mode only: moves the suite's clock by an offset, so browser tests can age a sign-in. */
export const DEV_CLOCK_PATH = 'suite/api/dev/clock'

export const HEALTHZ_PATH = 'healthz'
export const READYZ_PATH = 'readyz'

/** `fillPath(CAMPAIGN_PARTICIPATION_PATH, { cid, pid })` → 'suite/api/campaigns/…/participations/…' */
export function fillPath(pattern: string, params: Record<string, string>): string {
  return pattern
    .split('/')
    .map((seg) => {
      if (!seg.startsWith(':')) return seg
      const value = params[seg.slice(1)]
      if (value === undefined) throw new Error(`Missing path parameter ${seg}`)
      return encodeURIComponent(value)
    })
    .join('/')
}

// The operator console's calls (staff credential and a capability; see endpoints.ts).
export const OPS_SELF_PATH = 'ops/v1/me'
export const OPS_REVIEWS_PATH = 'ops/v1/reviews'
export const OPS_REVIEW_DECISION_PATH = 'ops/v1/reviews/:id/decision'
export const OPS_REVIEW_PHOTO_PATH = 'ops/v1/review-photos/:id/:size'
export const OPS_STAFF_PATH = 'ops/v1/staff'
export const OPS_STAFF_GRANT_PATH = 'ops/v1/staff/grant'
export const OPS_STAFF_REVOKE_PATH = 'ops/v1/staff/revoke'
export const OPS_STAFF_SECOND_FACTOR_RESET_PATH = 'ops/v1/staff/second-factor/reset'
export const OPS_CATEGORIES_PATH = 'ops/v1/categories'
export const OPS_CATEGORY_PATH = 'ops/v1/categories/:slug'
export const OPS_AUDIT_PATH = 'ops/v1/audit'
export const OPS_AUDIT_EXPORT_PATH = 'ops/v1/audit/export'
export const OPS_CAMPAIGNS_PATH = 'ops/v1/campaigns'
export const OPS_FLIGHT_APPLICANTS_PATH = 'ops/v1/flights/:id/applicants'
export const OPS_FLIGHT_SELECTION_PATH = 'ops/v1/flights/:id/selection'
export const OPS_SHIPMENTS_PATH = 'ops/v1/shipments'
export const OPS_SHIPMENT_ACTION_PATH = 'ops/v1/shipments/:id/action'
export const OPS_SHIPMENTS_EXPORT_PATH = 'ops/v1/shipments/pending.csv'
export const OPS_TRACKING_IMPORT_PATH = 'ops/v1/shipments/tracking-import'
export const OPS_MEMBERS_PATH = 'ops/v1/members'
export const OPS_MEMBER_PATH = 'ops/v1/members/:id'
export const OPS_MEMBER_POINTS_PATH = 'ops/v1/members/:id/points'
export const OPS_MEMBER_WITHDRAW_PATH = 'ops/v1/members/:id/participations/:pid/withdraw'
export const OPS_MEMBER_VERIFICATION_PATH = 'ops/v1/members/:id/verification-email'
export const OPS_MEMBER_SUSPENSION_PATH = 'ops/v1/members/:id/suspension'
export const OPS_MEMBER_LIFT_SUSPENSION_PATH = 'ops/v1/members/:id/suspension/lift'
export const OPS_MEMBER_LINK_RULING_PATH = 'ops/v1/members/:id/links/:linkedId/ruling'
export const OPS_CAMPAIGN_STATUS_PATH = 'ops/v1/campaigns/:id/status'
export const OPS_NEWSLETTERS_PATH = 'ops/v1/newsletters'
export const OPS_CAMPAIGN_PATH = 'ops/v1/campaigns/:id'
export const OPS_CAMPAIGN_PREVIEW_PATH = 'ops/v1/campaigns/:id/preview'
export const OPS_CAMPAIGN_RESULTS_PATH = 'ops/v1/campaigns/:id/results'
export const OPS_CAMPAIGN_REVIEWS_CSV_PATH = 'ops/v1/campaigns/:id/reviews.csv'
export const OPS_CAMPAIGN_REVIEWS_JSON_PATH = 'ops/v1/campaigns/:id/reviews.json'
export const OPS_CAMPAIGN_PHOTOS_ZIP_PATH = 'ops/v1/campaigns/:id/photos.zip'
export const OPS_CAMPAIGN_FLIGHTS_PATH = 'ops/v1/campaigns/:id/flights'
export const OPS_CAMPAIGN_FLIGHT_PATH = 'ops/v1/campaigns/:id/flights/:flightId'
export const OPS_PRODUCTS_PATH = 'ops/v1/products'
export const OPS_PRODUCT_PATH = 'ops/v1/products/:id'
/** An upload's path has no parameters (endpoints.ts `upload`): the product is named in the query. */
export const OPS_PRODUCT_IMAGES_PATH = 'ops/v1/product-images'
export const OPS_PRODUCT_IMAGE_PATH = 'ops/v1/product-images/:id'
export const OPS_PRODUCT_IMAGE_POSITION_PATH = 'ops/v1/product-images/:id/position'

// Brand viewers' calls (brand credential: the caller's brand scopes every query; see endpoints.ts).
export const BRAND_SELF_PATH = 'brand/v1/me'
export const BRAND_CAMPAIGNS_PATH = 'brand/v1/campaigns'
export const BRAND_CAMPAIGN_RESULTS_PATH = 'brand/v1/campaigns/:id/results'
export const BRAND_CAMPAIGN_REVIEWS_CSV_PATH = 'brand/v1/campaigns/:id/reviews.csv'
export const BRAND_CAMPAIGN_REVIEWS_JSON_PATH = 'brand/v1/campaigns/:id/reviews.json'
export const BRAND_CAMPAIGN_PHOTOS_ZIP_PATH = 'brand/v1/campaigns/:id/photos.zip'
/** The invitation's token travels in the body, not the address, so the member API's request log does not keep it. */
export const BRAND_INVITATION_CHECK_PATH = 'brand/v1/invitations/check'
export const BRAND_INVITATION_ACCEPT_PATH = 'brand/v1/invitations/accept'
// Admins manage brands and their users.
export const OPS_BRANDS_PATH = 'ops/v1/brands'
export const OPS_BRAND_INVITATIONS_PATH = 'ops/v1/brands/:id/invitations'
export const OPS_BRAND_INVITATION_PATH = 'ops/v1/brands/:id/invitations/:invitationId'
export const OPS_BRAND_USER_PATH = 'ops/v1/brands/:id/users/:uid'

// A person's second factors (any signed-in account: staff and brand users may have no member record).
export const SECOND_FACTOR_PATH = 'suite/api/second-factor'
export const SECOND_FACTOR_TOTP_PATH = 'suite/api/second-factor/totp'
export const SECOND_FACTOR_TOTP_CONFIRM_PATH = 'suite/api/second-factor/totp/confirm'
export const SECOND_FACTOR_PASSKEY_OPTIONS_PATH = 'suite/api/second-factor/passkey/options'
export const SECOND_FACTOR_PASSKEY_PATH = 'suite/api/second-factor/passkey'
export const SECOND_FACTOR_CHALLENGE_PATH = 'suite/api/second-factor/challenge'
export const SECOND_FACTOR_VERIFY_PATH = 'suite/api/second-factor/verify'
export const SECOND_FACTOR_RECOVERY_CODES_PATH = 'suite/api/second-factor/recovery-codes'
export const SECOND_FACTOR_FACTOR_PATH = 'suite/api/second-factor/factors/:factorId'
