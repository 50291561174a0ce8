// Links in account e-mails (verify the address, reset the password, sign in) must open the portal's
// own page with their code: /en/user/verify-email handles every kind. In production Firebase sends
// them there once the project's action URL is set to it (see README); in local mode the identity
// emulator prints links to its own handler instead, so we rewrite them to what production sends.

const ACTION_PAGE = '/en/user/verify-email'

/**
 * The portal's address for an action link of the identity emulator (its /emulator/action handler),
 * keeping every parameter the page and Firebase's web SDK read (mode, oobCode, apiKey,
 * continueUrl, lang). Any other link is returned as it is.
 * @param {string} link
 * @param {string} portalOrigin e.g. http://localhost:3000
 */
export function portalActionLink(link, portalOrigin) {
  let url
  try {
    url = new URL(link)
  } catch {
    return link
  }
  if (url.pathname !== '/emulator/action' || !url.searchParams.get('oobCode')) return link
  const target = new URL(ACTION_PAGE, portalOrigin)
  target.search = url.search
  return target.toString()
}

/**
 * One line of the emulator's output as the e-mail it stands for, its link rewritten; null for
 * lines that are not e-mails.
 * @param {string} line
 * @param {string} portalOrigin
 */
export function emailFromEmulatorLine(line, portalOrigin) {
  const match = /https?:\/\/\S+oobCode=\S+/.exec(line)
  if (!match) return null
  return line.trim().replace(match[0], portalActionLink(match[0], portalOrigin))
}
