// What counts as a recent sign-in. Changes that could take an account over (e-mail, phone, payout,
// deletion) need one, and a session cookie is only minted from one: both programs check it against
// the credential's auth_time, the moment the member last typed their password or used a sign-in link.

/** A sign-in at most this many seconds old counts as recent. */
export const RECENT_SIGN_IN_SECONDS = 300
