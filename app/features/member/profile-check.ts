// The profile form's own checks, before anything is sent: the same limits as the member API
// (contract/members.ts UpdateProfileBodySchema), so the member hears about a mistake at once.
import * as v from 'valibot'
import { GENDERS, type UpdateProfileBody } from '#contract/members'

export const PROFILE_FIELDS = ['firstName', 'lastName', 'displayName', 'birthDate', 'gender'] as const
export type ProfileField = (typeof PROFILE_FIELDS)[number]
export type ProfileInput = Required<Pick<UpdateProfileBody, ProfileField>>

const name = (max: number) => v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(max))

/** A date of birth of someone at least 16 on `today`, born 1900 or later. */
export function isPlausibleBirthDate(value: string, today: Date): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const born = new Date(`${value}T00:00:00Z`)
  if (Number.isNaN(born.getTime()) || born.toISOString().slice(0, 10) !== value) return false
  const sixteen = new Date(born)
  sixteen.setUTCFullYear(born.getUTCFullYear() + 16)
  return born.getUTCFullYear() >= 1900 && sixteen.getTime() <= today.getTime()
}

export function checkProfile(values: Record<string, unknown>, today: Date): { ok: true; data: ProfileInput } | { ok: false; fields: ProfileField[] } {
  const bad: ProfileField[] = []
  const text = (field: ProfileField, max: number) => {
    const result = v.safeParse(name(max), values[field] ?? '')
    if (!result.success) bad.push(field)
    return result.success ? result.output : ''
  }
  const firstName = text('firstName', 80)
  const lastName = text('lastName', 80)
  const displayName = text('displayName', 60)
  const birth = String(values.birthDate ?? '').trim()
  if (birth && !isPlausibleBirthDate(birth, today)) bad.push('birthDate')
  const gender = String(values.gender ?? '')
  if (gender && !(GENDERS as readonly string[]).includes(gender)) bad.push('gender')
  if (bad.length > 0) return { ok: false, fields: bad }
  return {
    ok: true,
    data: { firstName, lastName, displayName, birthDate: birth || null, gender: gender ? (gender as (typeof GENDERS)[number]) : null },
  }
}
