// The checks of the sign-in and registration forms, run on submit by each form (TanStack Form with
// these valibot schemas). Their issue texts are for developers: what a member reads under a field is
// the form's sentence, chosen below from what was typed where one field can fail in more than one way.
import * as v from 'valibot'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { CreateMemberBodySchema } from '#contract/members'

/** Password rules, shown to the member as they type and checked before submit. */
export const PASSWORD_RULES = [
  { id: 'length', test: (p: string) => p.length >= 8 && p.length <= 128, label: msg`At least 8 characters` },
  { id: 'letter', test: (p: string) => /\p{L}/u.test(p), label: msg`At least one letter` },
  { id: 'number', test: (p: string) => /\d/.test(p), label: msg`At least one number` },
] as const

/** Firebase keeps the e-mail address and the password: no contract of the member API has them. */
const Email = v.pipe(v.string(), v.trim(), v.nonEmpty(), v.email(), v.maxLength(254))
const NewPassword = v.pipe(
  v.string(),
  v.check((p) => PASSWORD_RULES.every((rule) => rule.test(p)), 'does not meet the password rules'),
)

export const SignInSchema = v.object({ email: Email, password: v.pipe(v.string(), v.nonEmpty()) })

export const EmailOnlySchema = v.object({ email: Email })

export const NewPasswordSchema = v.object({ password: NewPassword })

const member = CreateMemberBodySchema.entries

/**
 * Registration: the Firebase account's fields, and the member record's as the contract has them,
 * narrowed by this form (a display name is asked for, 2 to 40 characters; a referral code, when
 * given, is one the referral check can read).
 */
export const RegisterSchema = v.object({
  firstName: member.firstName,
  lastName: member.lastName,
  displayName: v.pipe(member.displayName.wrapped, v.minLength(2), v.maxLength(40)),
  email: Email,
  password: NewPassword,
  acceptTerms: v.literal(true),
  referralCode: v.pipe(
    member.referralCode.wrapped,
    v.check((code) => code === '' || /^[A-Z0-9]{4,16}$/.test(code), 'has 4 to 16 letters and numbers'),
  ),
})

/** What the e-mail field needs: an address at all, or a readable one. */
export const emailInvalid = (email: string): MessageDescriptor =>
  email.trim() === '' ? msg`Enter your e-mail address.` : msg`Enter a valid e-mail address, like name@example.com.`

export const passwordMissing = msg`Enter your password.`

export const passwordRulesUnmet = msg`Your password does not meet the rules below.`

/** What a name field needs: a name at all, or a shorter one. */
export const nameInvalid = (name: string, missing: MessageDescriptor): MessageDescriptor =>
  name.trim() === '' ? missing : msg`A name can have at most 80 characters.`

export const firstNameMissing = msg`Enter your first name.`

export const lastNameMissing = msg`Enter your last name.`

/** What the display name needs: at least 2 characters, or at most 40. */
export const displayNameInvalid = (name: string): MessageDescriptor =>
  name.trim().length < 2 ? msg`Your display name needs at least 2 characters.` : msg`Your display name can have at most 40 characters.`

export const termsNotAccepted = msg`Please accept the terms of use and the privacy notice to join.`

export const referralCodeInvalid = msg`A referral code has 4 to 16 letters and numbers.`
