import * as v from 'valibot'
import { msg } from '@lingui/core/macro'
import type { I18n } from '@lingui/core'

/** Password rules, shown to the member as they type and checked before submit. */
export const PASSWORD_RULES = [
  { id: 'length', test: (p: string) => p.length >= 8 && p.length <= 128, label: msg`At least 8 characters` },
  { id: 'letter', test: (p: string) => /\p{L}/u.test(p), label: msg`At least one letter` },
  { id: 'number', test: (p: string) => /\d/.test(p), label: msg`At least one number` },
] as const

const email = (i18n: I18n) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(i18n._(msg`Enter your e-mail address.`)),
    v.email(i18n._(msg`Enter a valid e-mail address, like name@example.com.`)),
    v.maxLength(254),
  )

export const signInSchema = (i18n: I18n) =>
  v.object({
    email: email(i18n),
    password: v.pipe(v.string(), v.nonEmpty(i18n._(msg`Enter your password.`))),
  })

export const emailOnlySchema = (i18n: I18n) => v.object({ email: email(i18n) })

const personName = (i18n: I18n, message: ReturnType<typeof msg>) =>
  v.pipe(v.string(), v.trim(), v.minLength(1, i18n._(message)), v.maxLength(80, i18n._(msg`A name can have at most 80 characters.`)))

export const registerSchema = (i18n: I18n) =>
  v.object({
    firstName: personName(i18n, msg`Enter your first name.`),
    lastName: personName(i18n, msg`Enter your last name.`),
    displayName: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(2, i18n._(msg`Your display name needs at least 2 characters.`)),
      v.maxLength(40, i18n._(msg`Your display name can have at most 40 characters.`)),
    ),
    email: email(i18n),
    password: v.pipe(
      v.string(),
      v.check((p) => PASSWORD_RULES.every((rule) => rule.test(p)), i18n._(msg`Your password does not meet the rules below.`)),
    ),
    acceptTerms: v.literal(true, i18n._(msg`Please accept the terms of use and the privacy notice to join.`)),
    referralCode: v.pipe(
      v.string(),
      v.trim(),
      v.toUpperCase(),
      v.check((code) => code === '' || /^[A-Z0-9]{4,16}$/.test(code), i18n._(msg`A referral code has 4 to 16 letters and numbers.`)),
    ),
  })

export const newPasswordSchema = (i18n: I18n) =>
  v.object({
    password: v.pipe(
      v.string(),
      v.check((p) => PASSWORD_RULES.every((rule) => rule.test(p)), i18n._(msg`Your password does not meet the rules below.`)),
    ),
  })
