import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { GENDERS, type Member } from '#contract/members'
import { safeRedirectTarget } from '~/auth/redirect-target'
import { Button } from '~/components/ui/button'
import { feedback } from '~/components/ui/feedback-store'
import { SelectField, TextField } from '~/components/ui/field'
import { formValues, rejectedFieldErrors, type FieldErrors } from '~/lib/form'
import { updateProfileFn } from '~/features/member/profile.functions'
import { unwrap } from '~/upstream/upstream-result'
import { checkProfile, PROFILE_FIELDS, type ProfileField, type ProfileInput } from './profile-check'
import { profileQuery, refreshMemberData } from '~/lib/member-data/member-data.queries'

/** One clear sentence per field, for our own checks and the member API's 400 alike. */
const fieldMessage: Record<ProfileField, MessageDescriptor> = {
  firstName: msg`Enter your first name (at most 80 characters).`,
  lastName: msg`Enter your last name (at most 80 characters).`,
  displayName: msg`Enter the name other members see on your reviews (at most 60 characters).`,
  birthDate: msg`Enter a real date of birth: members must be at least 16.`,
  gender: msg`Choose one of the options.`,
}

const genderLabel: Record<(typeof GENDERS)[number], MessageDescriptor> = {
  female: msg`Female`,
  male: msg`Male`,
  'non-binary': msg`Non-binary`,
  'prefer-not-to-say': msg`Prefer not to say`,
}

export function ProfileForm({ redirect }: { redirect?: string }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { data } = useSuspenseQuery(profileQuery)
  const [errors, setErrors] = useState<FieldErrors>({})

  const save = useMutation({
    mutationFn: async (input: ProfileInput) => unwrap(await updateProfileFn({ data: input })),
    onSuccess: async (member) => {
      queryClient.setQueryData(profileQuery.queryKey, member)
      // Names are in the header, the birth date decides eligibility, a full profile is a mission.
      await refreshMemberData(queryClient, 'profile')
      feedback.toast({ severity: 'success', summary: t`Profile saved`, detail: t`Your changes are saved.` })
      if (redirect) await navigate({ href: safeRedirectTarget(redirect), replace: true })
    },
    onError: (error) => {
      const next = rejectedFieldErrors(error, PROFILE_FIELDS, (field) => i18n._(fieldMessage[field]))
      if (next) setErrors(next)
    },
  })

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (save.isPending) return
    const checked = checkProfile(formValues(event.currentTarget), new Date())
    if (!checked.ok) {
      setErrors(Object.fromEntries(checked.fields.map((field) => [field, i18n._(fieldMessage[field])])))
      return
    }
    setErrors({})
    save.mutate(checked.data)
  }

  const member: Member = data
  return (
    <form noValidate onSubmit={submit} className="grid max-w-2xl gap-5 sm:grid-cols-2" aria-label={t`My profile`}>
      <TextField label={t`First name`} name="firstName" autoComplete="given-name" defaultValue={member.firstName} error={errors.firstName} />
      <TextField label={t`Last name`} name="lastName" autoComplete="family-name" defaultValue={member.lastName} error={errors.lastName} />
      <TextField
        className="sm:col-span-2"
        label={t`Display name`}
        name="displayName"
        autoComplete="nickname"
        defaultValue={member.displayName}
        error={errors.displayName}
        description={t`Shown with your reviews and posts instead of your full name.`}
      />
      <TextField
        label={t`Date of birth`}
        name="birthDate"
        type="date"
        autoComplete="bday"
        defaultValue={member.birthDate ?? ''}
        error={errors.birthDate}
        description={t`Some tests are only for adults; brands never see the date itself.`}
      />
      <SelectField
        label={t`Gender (optional)`}
        name="gender"
        autoComplete="sex"
        defaultValue={member.gender ?? ''}
        error={errors.gender}
        options={[{ value: '', label: t`Not stated` }, ...GENDERS.map((gender) => ({ value: gender, label: i18n._(genderLabel[gender]) }))]}
      />
      <div className="sm:col-span-2">
        <Button type="submit" size="large" loading={save.isPending}>
          {t`Save my profile`}
        </Button>
      </div>
    </form>
  )
}
