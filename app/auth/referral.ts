/**
 * A referral code entered at registration waits here until the member record is created with the
 * member API (which checks it with logistics/v1/members/is_valid_referral_code).
 */
const PENDING_REFERRAL_KEY = 'pendingReferralCode'

export function rememberReferralCode(code: string): void {
  if (code) window.localStorage.setItem(PENDING_REFERRAL_KEY, code)
  else window.localStorage.removeItem(PENDING_REFERRAL_KEY)
}

export function pendingReferralCode(): string | null {
  return window.localStorage.getItem(PENDING_REFERRAL_KEY)
}

export function forgetReferralCode(): void {
  window.localStorage.removeItem(PENDING_REFERRAL_KEY)
}
