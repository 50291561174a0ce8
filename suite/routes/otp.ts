// E-mail and phone: validation, one-time codes, and the confirmed changes.
import { eq } from 'drizzle-orm'
import { ENDPOINTS } from '../../contract/endpoints'
import { members } from '../db/schema'
import type { SuiteDeps } from '../deps'
import { currentMember } from '../http/auth'
import { clientAddress } from '../http/client-address'
import type { RegisterRoute } from '../http/endpoint'
import { badRequest, conflict } from '../http/errors'
import { memberSummary, type MemberRow } from '../services/members'
import { changeEmail, changePhone, parsePhone, requireVerifiedEmailForSms, sendCode, validateEmail, validatePhone, verifyCode } from '../services/otp'

function phoneOrFail(phone: string, country: string | undefined): string {
  const parsed = parsePhone(phone, country)
  if (!parsed) throw badRequest('The phone number is not valid', { phone: ['is not a valid phone number'] })
  if (!parsed.mobile) throw badRequest('Codes are sent by SMS: use a mobile number', { phone: ['is not a mobile number'] })
  return parsed.e164
}

export function registerOtpRoutes(route: RegisterRoute, deps: SuiteDeps) {
  // Applying a new e-mail address or phone number needs a recent sign-in (the entries say so); it is
  // checked before the verified code is used up, so a refused change leaves the code valid for the retry.
  const reload = async (row: MemberRow) => {
    const [fresh] = await deps.db.select().from(members).where(eq(members.id, row.id))
    return memberSummary(deps.db, fresh ?? row)
  }

  route(ENDPOINTS.emailValidate, (c, { body }) => validateEmail(deps.db, body.email, c.get('member')))
  route(ENDPOINTS.emailOtpSend, async (c, { body }) => {
    const me = currentMember(c)
    const check = await validateEmail(deps.db, body.email, me)
    if (check.reason === 'in-use') throw conflict('This e-mail address belongs to another account', { code: 'in-use' })
    if (check.reason === 'unchanged') throw conflict('This is already your e-mail address')
    return sendCode(deps, me, 'email', body.email, clientAddress(c, deps.settings.trustedProxies))
  })
  route(ENDPOINTS.emailOtpVerify, (c, { body }) => verifyCode(deps, currentMember(c), 'email', body.email, body.code))
  route(ENDPOINTS.updateEmail, async (c, { body }) => {
    const me = currentMember(c)
    await changeEmail(deps, me, body.email)
    return reload(me)
  })

  route(ENDPOINTS.phoneValidate, (c, { body }) => validatePhone(deps.db, body.phone, body.country, c.get('member')))
  route(ENDPOINTS.phoneOtpSend, async (c, { body }) => {
    const me = currentMember(c)
    // Said before anything about the number: no number is sent a code until the e-mail is verified.
    requireVerifiedEmailForSms(me)
    const e164 = phoneOrFail(body.phone, body.country)
    const check = await validatePhone(deps.db, e164, undefined, me)
    if (check.reason === 'in-use') throw conflict('This phone number belongs to another account', { code: 'in-use' })
    if (check.reason === 'unchanged') throw conflict('This number is already verified')
    return sendCode(deps, me, 'sms', e164, clientAddress(c, deps.settings.trustedProxies))
  })
  route(ENDPOINTS.phoneOtpVerify, (c, { body }) => verifyCode(deps, currentMember(c), 'sms', phoneOrFail(body.phone, body.country), body.code))
  route(ENDPOINTS.updatePhone, async (c, { body }) => {
    const me = currentMember(c)
    await changePhone(deps, me, phoneOrFail(body.phone, body.country))
    return reload(me)
  })
}
