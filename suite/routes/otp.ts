// E-mail and phone: validation, one-time codes, and the confirmed changes.
import type { Hono } from 'hono'
import { UpdateEmailBodySchema, UpdatePhoneBodySchema } from '../../contract/members'
import {
  EmailOtpSendBodySchema,
  EmailOtpVerifyBodySchema,
  EmailValidateBodySchema,
  PhoneOtpSendBodySchema,
  PhoneOtpVerifyBodySchema,
  PhoneValidateBodySchema,
} from '../../contract/otp'
import {
  EMAIL_OTP_SEND_PATH,
  EMAIL_OTP_VERIFY_PATH,
  EMAIL_PATH,
  EMAIL_VALIDATE_PATH,
  PHONE_NUMBER_PATH,
  PHONE_OTP_SEND_PATH,
  PHONE_OTP_VERIFY_PATH,
  PHONE_VALIDATE_PATH,
} from '../../contract/paths'
import { eq } from 'drizzle-orm'
import { members } from '../db/schema'
import type { SuiteDeps } from '../deps'
import { currentMember, memberAuth, optionalMemberAuth, recentSignIn } from '../http/auth'
import type { SuiteEnv } from '../http/env'
import { badRequest, conflict } from '../http/errors'
import { ok } from '../http/respond'
import { parseBody } from '../http/validate'
import { memberSummary, type MemberRow } from '../services/members'
import { changeEmail, changePhone, parsePhone, sendCode, validateEmail, validatePhone, verifyCode } from '../services/otp'

function phoneOrFail(phone: string, country: string | undefined): string {
  const parsed = parsePhone(phone, country)
  if (!parsed) throw badRequest('The phone number is not valid', { phone: ['is not a valid phone number'] })
  if (!parsed.mobile) throw badRequest('Codes are sent by SMS: use a mobile number', { phone: ['is not a mobile number'] })
  return parsed.e164
}

export function registerOtpRoutes(app: Hono<SuiteEnv>, deps: SuiteDeps) {
  const member = memberAuth(deps)
  const optional = optionalMemberAuth(deps)
  // Applying a new e-mail address or phone number needs a recent sign-in; it is checked before the
  // verified code is used up, so a refused change leaves the code valid for the retry.
  const recent = recentSignIn(deps)

  const reload = async (row: MemberRow) => {
    const [fresh] = await deps.db.select().from(members).where(eq(members.id, row.id))
    return memberSummary(deps.db, fresh ?? row)
  }

  app.post(`/${EMAIL_VALIDATE_PATH}`, optional, async (c) => {
    const body = await parseBody(c, EmailValidateBodySchema)
    return ok(c, await validateEmail(deps.db, body.email, c.get('member')))
  })
  app.post(`/${EMAIL_OTP_SEND_PATH}`, member, async (c) => {
    const body = await parseBody(c, EmailOtpSendBodySchema)
    const me = currentMember(c)
    const check = await validateEmail(deps.db, body.email, me)
    if (check.reason === 'in-use') throw conflict('This e-mail address belongs to another account')
    if (check.reason === 'unchanged') throw conflict('This is already your e-mail address')
    return ok(c, await sendCode(deps, me, 'email', body.email))
  })
  app.post(`/${EMAIL_OTP_VERIFY_PATH}`, member, async (c) => {
    const body = await parseBody(c, EmailOtpVerifyBodySchema)
    return ok(c, await verifyCode(deps, currentMember(c), 'email', body.email, body.code))
  })
  app.put(`/${EMAIL_PATH}`, member, recent, async (c) => {
    const body = await parseBody(c, UpdateEmailBodySchema)
    const me = currentMember(c)
    await changeEmail(deps, me, body.email)
    return ok(c, await reload(me))
  })

  app.post(`/${PHONE_VALIDATE_PATH}`, optional, async (c) => {
    const body = await parseBody(c, PhoneValidateBodySchema)
    return ok(c, await validatePhone(deps.db, body.phone, body.country, c.get('member')))
  })
  app.post(`/${PHONE_OTP_SEND_PATH}`, member, async (c) => {
    const body = await parseBody(c, PhoneOtpSendBodySchema)
    const me = currentMember(c)
    const e164 = phoneOrFail(body.phone, body.country)
    const check = await validatePhone(deps.db, e164, undefined, me)
    if (check.reason === 'in-use') throw conflict('This phone number belongs to another account')
    if (check.reason === 'unchanged') throw conflict('This number is already verified')
    return ok(c, await sendCode(deps, me, 'sms', e164))
  })
  app.post(`/${PHONE_OTP_VERIFY_PATH}`, member, async (c) => {
    const body = await parseBody(c, PhoneOtpVerifyBodySchema)
    return ok(c, await verifyCode(deps, currentMember(c), 'sms', phoneOrFail(body.phone, body.country), body.code))
  })
  app.put(`/${PHONE_NUMBER_PATH}`, member, recent, async (c) => {
    const body = await parseBody(c, UpdatePhoneBodySchema)
    const me = currentMember(c)
    await changePhone(deps, me, phoneOrFail(body.phone, body.country))
    return ok(c, await reload(me))
  })
}
