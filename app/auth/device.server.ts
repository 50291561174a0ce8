import { randomBytes } from 'node:crypto'
import { isDeviceId } from '#contract/sightings'

/**
 * The browser's device id: a first-party cookie the portal sets on the sign-up and application
 * calls and forwards with them (DEVICE_HEADER), so staff see accounts made or used on one device
 * (contract/sightings.ts). HttpOnly, so no script of any page can read it, and never part of a page
 * or an answer to the browser; Secure whenever the session cookie is (production).
 */
export function deviceCookieName(secure: boolean): string {
  // The __Host- prefix holds a cookie to this host, path "/" and HTTPS: only possible when Secure.
  return secure ? '__Host-device' : 'device'
}

/** 400 days: the longest lifetime browsers keep a cookie for (they cut longer ones to it). */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60

export function deviceCookieOptions(secure: boolean) {
  return { httpOnly: true, secure, sameSite: 'lax' as const, path: '/', maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS }
}

/** A new device id: 128 random bits from a secure source, as 32 hexadecimal digits. */
export function newDeviceId(): string {
  return randomBytes(16).toString('hex')
}

/** The device id the browser presented, or a new one to set when it has none or one that is not a device id. */
export function deviceOf(presented: string | null | undefined): { id: string; fresh: boolean } {
  return isDeviceId(presented) ? { id: presented, fresh: false } : { id: newDeviceId(), fresh: true }
}

let startServer: Promise<typeof import('@tanstack/react-start/server')> | undefined
/** The id given to each request, so two calls in one request neither differ nor set the cookie twice. */
const givenTo = new WeakMap<Request, string>()

/**
 * The device id of the browser whose request this server is answering; a browser without one is
 * given one (the cookie is set on this response). Undefined outside a request.
 */
export async function browserDevice(): Promise<string | undefined> {
  const [{ getCookie, getRequest, setCookie }, { portalConfig }] = await Promise.all([
    (startServer ??= import('@tanstack/react-start/server')),
    import('~/config/config.server'),
  ])
  let request: Request
  try {
    request = getRequest()
  } catch {
    return undefined
  }
  const given = givenTo.get(request)
  if (given) return given
  const { secure } = portalConfig().session
  const name = deviceCookieName(secure)
  const { id, fresh } = deviceOf(getCookie(name))
  if (fresh) setCookie(name, id, deviceCookieOptions(secure))
  givenTo.set(request, id)
  return id
}
