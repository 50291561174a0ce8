// One-time codes confirming a new e-mail address or phone number: 6 digits from a secure source,
// stored as an HMAC, single use, valid 10 minutes, 5 tries, send limits per member and address.
// Codes by text message go only to members whose e-mail address is verified.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { and, desc, eq, gt, isNotNull, isNull, ne } from 'drizzle-orm'
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max'
import * as v from 'valibot'
import {
  OTP_MAX_ATTEMPTS,
  OTP_SENDS_PER_HOUR,
  OTP_TTL_MINUTES,
  SMS_NEEDS_VERIFIED_EMAIL,
  type EmailValidateResult,
  type OtpSent,
  type OtpVerified,
  type PhoneValidateResult,
} from '../../contract/otp'
import { members, otpCodes } from '../db/schema'
import type { Executor } from '../db/client'
import type { SuiteDeps } from '../deps'
import { badRequest, conflict, rateLimited, type ApiError } from '../http/errors'
import { linkByPhone } from './account-links'
import type { MemberRow } from './members'
import { syncMissions } from './missions'
import { sendToAddress } from './notify'
import { hit } from './rate-limit'

export type Channel = 'email' | 'sms'
const MINUTE = 60_000
/** A verified code must be used for the change within this time. */
const CONFIRM_WINDOW_MINUTES = 30

const EmailFormat = v.pipe(v.string(), v.email(), v.maxLength(254))

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase()
}

async function inUse(ex: Executor, column: 'email' | 'phone', value: string, exceptId: string): Promise<boolean> {
  const rows = await ex
    .select({ id: members.id })
    .from(members)
    .where(and(eq(column === 'email' ? members.email : members.phone, value), ne(members.id, exceptId), isNull(members.pseudonymizedAt)))
    .limit(1)
  return rows.length > 0
}

/** Format for everyone; "in use" and "unchanged" only for a signed-in member (no probing for accounts). */
export async function validateEmail(ex: Executor, raw: string, member: MemberRow | undefined): Promise<EmailValidateResult> {
  const email = normaliseEmail(raw)
  if (!v.is(EmailFormat, email)) return { valid: false, email, reason: 'format' }
  if (member) {
    if (member.email === email) return { valid: false, email, reason: 'unchanged' }
    if (await inUse(ex, 'email', email, member.id)) return { valid: false, email, reason: 'in-use' }
  }
  return { valid: true, email, reason: null }
}

export function parsePhone(raw: string, country: string | undefined): { e164: string; country: string | null; mobile: boolean } | null {
  const parsed = parsePhoneNumberFromString(raw, country as CountryCode | undefined)
  if (!parsed || !parsed.isValid()) return null
  const type = parsed.getType()
  // Numbers whose type cannot be told apart (FIXED_LINE_OR_MOBILE, or unknown) get the benefit of the doubt.
  const mobile = type === undefined || type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE'
  return { e164: parsed.number, country: parsed.country ?? null, mobile }
}

export async function validatePhone(ex: Executor, raw: string, country: string | undefined, member: MemberRow | undefined): Promise<PhoneValidateResult> {
  const parsed = parsePhone(raw, country)
  if (!parsed) return { valid: false, e164: null, country: null, reason: 'format' }
  const base = { e164: parsed.e164, country: parsed.country }
  if (!parsed.mobile) return { ...base, valid: false, reason: 'not-mobile' }
  if (member) {
    if (member.phone === parsed.e164 && member.phoneVerified) return { ...base, valid: false, reason: 'unchanged' }
    if (await inUse(ex, 'phone', parsed.e164, member.id)) return { ...base, valid: false, reason: 'in-use' }
  }
  return { ...base, valid: true, reason: null }
}

function hashCode(pepper: string, memberId: string, channel: Channel, target: string, code: string): string {
  return createHmac('sha256', pepper).update(`${memberId}\n${channel}\n${target}\n${code}`).digest('hex')
}

function mask(channel: Channel, target: string): string {
  if (channel === 'sms') return `${target.slice(0, 3)}•••${target.slice(-2)}`
  const [user = '', domain = ''] = target.split('@')
  return `${user.slice(0, 1)}•••@${domain}`
}

/** Rate-limit keys of code sends: per member, and per address (an e-mail address or an E.164 number). */
export const otpMemberLimitKey = (memberId: string) => `otp:member:${memberId}`
export const otpTargetLimitKey = (channel: Channel, target: string) => `otp:${channel}:${target}`

/**
 * Text messages cost money: a number outside the configured countries is refused, and beyond the
 * limits per member and per number, at most SMS_PER_HOUR go out in all and SMS_PER_CLIENT_PER_HOUR
 * per client address (a script registering accounts cannot send without bound).
 */
function smsLimitKeys(deps: SuiteDeps, target: string, client: string): Array<[string, number]> {
  const country = parsePhone(target, undefined)?.country ?? null
  if (!country || !deps.settings.smsLimits.countries.includes(country)) {
    throw badRequest(
      'Codes are not sent by text message to this country',
      { phone: ['is in a country we do not send text messages to'] },
      { code: 'country-not-served' },
    )
  }
  return [
    ['otp:sms:all', deps.settings.smsLimits.perHour],
    [`otp:sms:client:${client}`, deps.settings.smsLimits.perClientPerHour],
  ]
}

/**
 * Text messages cost money and a fresh account costs nothing: a code goes by text message only to
 * a member whose e-mail address is verified. The refusal comes before any limit is counted.
 */
export function requireVerifiedEmailForSms(member: MemberRow) {
  if (!member.emailVerified) {
    throw badRequest(
      'Codes are sent by text message only to members whose e-mail address is verified: verify your e-mail address first',
      { email: [SMS_NEEDS_VERIFIED_EMAIL] },
      { code: 'email-unconfirmed' },
    )
  }
}

/** Sends a code; `client` is the address the request came from (text messages are limited per client). */
export async function sendCode(deps: SuiteDeps, member: MemberRow, channel: Channel, target: string, client: string): Promise<OtpSent> {
  if (channel === 'sms') requireVerifiedEmailForSms(member)
  const now = deps.clock.now()
  const limits: Array<[string, number]> = [
    [otpMemberLimitKey(member.id), OTP_SENDS_PER_HOUR],
    [otpTargetLimitKey(channel, target), OTP_SENDS_PER_HOUR],
    ...(channel === 'sms' ? smsLimitKeys(deps, target, client) : []),
  ]
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const expiresAt = new Date(now.getTime() + OTP_TTL_MINUTES * MINUTE)
  await deps.db.transaction(async (tx) => {
    // Counted in the same transaction as the code: a refused send is not counted.
    for (const [key, limit] of limits) {
      const { count, retryAfter } = await hit(tx, key, 60 * MINUTE, now)
      if (count > limit) throw rateLimited(`Too many codes were sent; try again in ${Math.ceil(retryAfter / 60)} minutes`, retryAfter)
    }
    // A new code replaces any earlier one for this member and channel.
    await tx
      .update(otpCodes)
      .set({ consumedAt: now })
      .where(and(eq(otpCodes.memberId, member.id), eq(otpCodes.channel, channel), isNull(otpCodes.consumedAt)))
    await tx.insert(otpCodes).values({
      memberId: member.id,
      channel,
      target,
      codeHash: hashCode(deps.settings.otpPepper, member.id, channel, target, code),
      createdAt: now,
      expiresAt,
    })
    // To the address or number being confirmed, not the member's current one.
    await sendToAddress(tx, deps, { channel, address: target, memberId: member.id }, { template: 'one-time-code', params: { code, minutes: OTP_TTL_MINUTES } })
  })
  return { channel, sentTo: mask(channel, target), expiresAt: expiresAt.toISOString() }
}

type VerifyOutcome = { ok: true; confirmBefore: Date } | { ok: false; error: ApiError }

export async function verifyCode(deps: SuiteDeps, member: MemberRow, channel: Channel, target: string, code: string): Promise<OtpVerified> {
  const now = deps.clock.now()
  // The attempt counter must be committed even when the code is wrong, so the outcome is
  // returned from the transaction and thrown after it.
  const outcome = await deps.db.transaction(async (tx): Promise<VerifyOutcome> => {
    const [row] = await tx
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.memberId, member.id), eq(otpCodes.channel, channel), eq(otpCodes.target, target), isNull(otpCodes.consumedAt)))
      .orderBy(desc(otpCodes.createdAt))
      .limit(1)
      .for('update')
    if (!row)
      return {
        ok: false,
        error: badRequest('No code was sent to this address, or a newer one replaced it', { code: ['request a new code'] }, { code: 'no-open-code' }),
      }
    if (row.verifiedAt) return { ok: true, confirmBefore: new Date(row.verifiedAt.getTime() + CONFIRM_WINDOW_MINUTES * MINUTE) }
    if (row.attempts >= OTP_MAX_ATTEMPTS)
      return { ok: false, error: rateLimited('Too many wrong codes; request a new one', Math.max(1, (row.expiresAt.getTime() - now.getTime()) / 1000)) }
    if (now >= row.expiresAt) return { ok: false, error: badRequest('The code expired', { code: ['expired: request a new code'] }, { code: 'code-expired' }) }
    const expected = Buffer.from(row.codeHash, 'hex')
    const given = Buffer.from(hashCode(deps.settings.otpPepper, member.id, channel, target, code), 'hex')
    if (!timingSafeEqual(expected, given)) {
      const attempts = row.attempts + 1
      await tx.update(otpCodes).set({ attempts }).where(eq(otpCodes.id, row.id))
      const left = OTP_MAX_ATTEMPTS - attempts
      return {
        ok: false,
        error:
          left > 0
            ? badRequest(
                'The code is not right',
                { code: [`wrong code, ${left} ${left === 1 ? 'try' : 'tries'} left`] },
                { code: 'wrong-code', triesLeft: left },
              )
            : rateLimited('Too many wrong codes; request a new one', 60),
      }
    }
    await tx
      .update(otpCodes)
      .set({ verifiedAt: now, attempts: row.attempts + 1 })
      .where(eq(otpCodes.id, row.id))
    return { ok: true, confirmBefore: new Date(now.getTime() + CONFIRM_WINDOW_MINUTES * MINUTE) }
  })
  if (!outcome.ok) throw outcome.error
  return { verified: true, target, confirmBefore: outcome.confirmBefore.toISOString() }
}

/**
 * Applies a change confirmed by a verified code (the code is used up). `apply` runs inside the
 * transaction, after the code is claimed, so a failed change leaves the code usable.
 */
async function consumeVerified(deps: SuiteDeps, member: MemberRow, channel: Channel, target: string, apply: (ex: Executor) => Promise<void>) {
  const now = deps.clock.now()
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(otpCodes)
      .where(
        and(
          eq(otpCodes.memberId, member.id),
          eq(otpCodes.channel, channel),
          eq(otpCodes.target, target),
          isNull(otpCodes.consumedAt),
          isNotNull(otpCodes.verifiedAt),
          gt(otpCodes.verifiedAt, new Date(now.getTime() - CONFIRM_WINDOW_MINUTES * MINUTE)),
        ),
      )
      .limit(1)
      .for('update')
    if (!row) throw conflict('Confirm the new value with a one-time code first')
    await tx.update(otpCodes).set({ consumedAt: now }).where(eq(otpCodes.id, row.id))
    await apply(tx)
  })
}

/** Where a member writes when a change to their account was not theirs. */
const SUPPORT_ADDRESS = 'support@testerscircle.example'
export async function changeEmail(deps: SuiteDeps, member: MemberRow, email: string) {
  if (await inUse(deps.db, 'email', email, member.id)) throw conflict('This e-mail address belongs to another account', { code: 'in-use' })
  await consumeVerified(deps, member, 'email', email, async (tx) => {
    const now = deps.clock.now()
    const [current] = await tx.select({ email: members.email }).from(members).where(eq(members.id, member.id)).for('update')
    const previous = current?.email ?? null
    await tx.update(members).set({ email, emailVerified: true, updatedAt: now }).where(eq(members.id, member.id))
    await syncMissions(tx, member.id, now)
    // The address held before is told, in the same transaction: if someone else made the change,
    // the member still hears of it. A change that fails (here or in Firebase below) sends nothing.
    if (previous && previous !== email) {
      await sendToAddress(
        tx,
        deps,
        { channel: 'email', address: previous, memberId: member.id },
        { template: 'email-changed', params: { maskedNext: mask('email', email), at: now.toISOString(), support: SUPPORT_ADDRESS } },
      )
    }
    try {
      await deps.identity.updateEmail(member.uid, email)
    } catch (error) {
      if ((error as { code?: string }).code === 'auth/email-already-exists')
        throw conflict('This e-mail address belongs to another account', { code: 'in-use' })
      throw error
    }
  })
}

export async function changePhone(deps: SuiteDeps, member: MemberRow, e164: string) {
  if (await inUse(deps.db, 'phone', e164, member.id)) throw conflict('This phone number belongs to another account', { code: 'in-use' })
  await consumeVerified(deps, member, 'sms', e164, async (tx) => {
    await tx.update(members).set({ phone: e164, phoneVerified: true, updatedAt: deps.clock.now() }).where(eq(members.id, member.id))
    // The accounts whose verified number this is too are linked (for staff).
    await linkByPhone(tx, member.id, deps.clock.now())
    await syncMissions(tx, member.id, deps.clock.now())
    await deps.identity.setVerifiedPhone(member.uid, e164)
  })
}
