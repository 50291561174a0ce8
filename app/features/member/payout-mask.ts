// Saved payout details are shown masked: enough for the member to recognise their own account,
// not enough for someone looking over their shoulder to use it.

const DOT = '•'

/** An IBAN written as its standard groups of four (what the member types may have any spacing). */
export function formatIban(iban: string): string {
  const compact = iban.replace(/\s+/g, '').toUpperCase()
  return compact.replace(/(.{4})(?=.)/g, '$1 ')
}

/**
 * The IBAN with its country, check digits and last four characters showing, in groups of four:
 * `DE89370400440532013000` → `DE89 •••• •••• •••• ••30 00`.
 */
export function maskIban(iban: string): string {
  const compact = iban.replace(/\s+/g, '').toUpperCase()
  if (compact.length <= 8) return formatIban(compact)
  const masked = compact.slice(0, 4) + DOT.repeat(compact.length - 8) + compact.slice(-4)
  return formatIban(masked)
}

/** The e-mail address with only the first character of its local part: `jane@example.com` → `j•••@example.com`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at <= 0) return DOT.repeat(3)
  return `${email.slice(0, 1)}${DOT.repeat(3)}${email.slice(at)}`
}
