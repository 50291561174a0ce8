// A test's own calls of the member API as a member, the way the portal would make them for that
// member: the member's ID token from the Auth emulator, then the call with it (the bot check's
// local token included, for the calls that need one).
import { inject } from 'vitest'
import { BOT_TOKEN_HEADER, LOCAL_BOT_TOKEN } from '../../../contract/bot-protection'
import { SECOND_FACTOR_PASS_HEADER } from '../../../contract/second-factor'
import { SECOND_FACTOR_VERIFY_PATH } from '../../../contract/paths'
import { authenticatorCode, authenticatorKeyOf, type TestMember } from './members'
import type { Json } from './suite'

/** The member's ID token from the Auth emulator. */
export async function idTokenOf(member: Pick<TestMember, 'email' | 'password'>): Promise<string> {
  const response = await fetch(`http://${inject('authEmulatorHost')}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: member.email, password: member.password, returnSecureToken: true }),
  })
  const body = (await response.json()) as { idToken?: string }
  if (!body.idToken) throw new Error(`The Auth emulator did not sign in ${member.email}`)
  return body.idToken
}

/** A member-API call for the member whose ID token is given (PUT and the bot-checked calls included); the answer's data. */
export async function asMember(token: string, method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown, secondFactorPass?: string): Promise<Json> {
  const response = await fetch(`${inject('suiteUrl')}/${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      [BOT_TOKEN_HEADER]: LOCAL_BOT_TOKEN,
      ...(secondFactorPass && { [SECOND_FACTOR_PASS_HEADER]: secondFactorPass }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = (await response.json()) as { data?: Json; message?: string }
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${json.message ?? ''}`)
  return json.data ?? {}
}

/**
 * A pass for calls made straight to the member API by a person with an authenticator
 * (giveAuthenticator): their app's code, as the two-step page would send it.
 */
export async function secondFactorPassOf(token: string, member: Pick<TestMember, 'email'>): Promise<string> {
  const key = authenticatorKeyOf(member.email)
  if (!key) throw new Error(`${member.email} has no authenticator: giveAuthenticator first`)
  for (const periods of [0, 1]) {
    const response = await fetch(`${inject('suiteUrl')}/${SECOND_FACTOR_VERIFY_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ method: 'totp', code: await authenticatorCode(key, periods) }),
    })
    const json = (await response.json()) as { data?: { pass: string }; reason?: { code: string } }
    if (json.data) return json.data.pass
    // The code of this period was used (a sign-in moments before): the next one is taken a period early.
    if (json.reason?.code !== 'code-used') throw new Error(`No second factor for ${member.email}: ${JSON.stringify(json)}`)
  }
  throw new Error(`Two codes in a row were used already for ${member.email}`)
}
