// The profile form's check: the contract's limits (contract/members.ts UpdateProfileBodySchema), with
// every name required, as the member API uses them, and an empty date of birth or gender sent as null.
import * as v from 'valibot'
import { UpdateProfileBodySchema } from '#contract/members'
import { blankAs } from '~/lib/contract-form'

const { firstName, lastName, displayName, birthDate, gender } = UpdateProfileBodySchema.pipe[0].entries

/** The profile form's fields, all texts ('' while empty); `v.parse` gives the body to send. */
export const ProfileFormSchema = v.strictObject({
  // The contract's entries are optional (a change sends only some fields); the form always sends its
  // names, so an empty one is refused.
  firstName,
  lastName,
  displayName,
  birthDate: blankAs(null, birthDate),
  gender: blankAs(null, gender),
})
export type ProfileValues = v.InferInput<typeof ProfileFormSchema>
export type ProfileField = keyof ProfileValues
