// Where the support chat and analytics may run. They read the page's address and what the person
// does there: never on the console or the brand pages (members' data, brands' reviews), nor on the
// pages a link from an e-mail opens with a secret (a password reset, a sign-in link, an e-mail
// confirmation, a brand invitation, an unsubscribe link), nor on the account's verification pages
// and the two-step sign-in page (an authenticator's setup key, recovery codes).
// Everywhere else they run when configured (analytics only with the visitor's consent).

/** Paths without their locale (`/ops/…` for `/en/ops/…`), and the one-click unsubscribe address. */
const CLOSED = [
  /^\/ops(\/|$)/,
  /^\/brand(\/|$)/,
  /^\/join-brand(\/|$)/,
  /^\/unsubscribe(\/|$)/,
  /^\/user\/verify-(email|email-login|phone)(\/|$)/,
  /^\/member\/verifications(\/|$)/,
  /^\/second-factor(\/|$)/,
]

/** Whether the support chat and analytics may run on the page at this path. */
export function thirdPartiesAllowedOn(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/'
  // The locale is the first segment of every page's path but the few outside it (/unsubscribe).
  const withoutLocale = path.replace(/^\/[a-z]{2}(?=\/|$)/, '') || '/'
  return !CLOSED.some((pattern) => pattern.test(withoutLocale) || pattern.test(path))
}
