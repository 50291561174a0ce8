import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import * as v from 'valibot'
import { GENDERS, type Member } from '#contract/members'
import { safeRedirectTarget } from '~/auth/redirect-target'
import { feedback } from '~/components/ui/feedback-store'
import { ContractForm, showRejectedFields, useAppForm } from '~/lib/contract-form'
import { updateProfileFn } from '~/features/member/profile.functions'
import { unwrap } from '~/upstream/upstream-result'
import { ProfileFormSchema, type ProfileField, type ProfileValues } from './profile-check'
import { profileQuery, refreshMemberData } from '~/lib/member-data/member-data.queries'
import { useSuspenseQueryData } from '~/lib/query-data'

/** The member API names the profile's own fields. */
const API_FIELDS: Record<string, ProfileField> = {
  firstName: 'firstName',
  lastName: 'lastName',
  displayName: 'displayName',
  birthDate: 'birthDate',
  gender: 'gender',
}

const genderLabel: Record<(typeof GENDERS)[number], MessageDescriptor> = {
  female: msg`Female`,
  male: msg`Male`,
  'non-binary': msg`Non-binary`,
  'prefer-not-to-say': msg`Prefer not to say`,
}

const valuesOf = (member: Member): ProfileValues => ({
  firstName: member.firstName,
  lastName: member.lastName,
  displayName: member.displayName,
  birthDate: member.birthDate ?? '',
  gender: member.gender ?? '',
})

export function ProfileForm({ redirect }: { redirect?: string }) {
  const data = useSuspenseQueryData(profileQuery)
  return <ProfileEditor saved={data} redirect={redirect} />
}

function ProfileEditor({ saved, redirect }: { saved: Member; redirect?: string }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()

  /** One sentence per field, for the schema's refusal and the member API's alike. */
  const invalid: Record<ProfileField, string> = {
    firstName: t`Enter your first name (at most 80 characters).`,
    lastName: t`Enter your last name (at most 80 characters).`,
    displayName: t`Enter the name other members see on your reviews (at most 60 characters).`,
    birthDate: t`Enter a real date of birth: members must be at least 16.`,
    gender: t`Choose one of the options.`,
  }

  const save = useMutation({
    mutationFn: async (profile: v.InferOutput<typeof ProfileFormSchema>) => unwrap(await updateProfileFn({ data: profile })),
    onSuccess: async (member: Member) => {
      queryClient.setQueryData(profileQuery.queryKey, member)
      // Names are in the header, the birth date decides eligibility, a full profile is a mission.
      await refreshMemberData(queryClient, 'profile')
    },
  })

  const form = useAppForm({
    defaultValues: valuesOf(saved),
    validators: { onSubmit: ProfileFormSchema },
    onSubmit: async ({ value, formApi }) => {
      let member: Member
      try {
        member = await save.mutateAsync(v.parse(ProfileFormSchema, value))
      } catch (error) {
        // A refused field is shown under it; anything else the error catalogue answered.
        showRejectedFields(formApi, error, API_FIELDS, (field) => invalid[field as ProfileField])
        return
      }
      formApi.reset(valuesOf(member))
      feedback.toast({ severity: 'success', summary: t`Profile saved`, detail: t`Your changes are saved.` })
      if (redirect) await navigate({ href: safeRedirectTarget(redirect), replace: true })
    },
  })

  return (
    <ContractForm form={form} label={t`My profile`} className="grid max-w-2xl gap-5 sm:grid-cols-2">
      <form.AppField name="firstName">
        {(field) => <field.TextInput label={t`First name`} autoComplete="given-name" invalid={invalid.firstName} />}
      </form.AppField>
      <form.AppField name="lastName">{(field) => <field.TextInput label={t`Last name`} autoComplete="family-name" invalid={invalid.lastName} />}</form.AppField>
      <form.AppField name="displayName">
        {(field) => (
          <field.TextInput
            className="sm:col-span-2"
            label={t`Display name`}
            autoComplete="nickname"
            invalid={invalid.displayName}
            description={t`Shown with your reviews and posts instead of your full name.`}
          />
        )}
      </form.AppField>
      <form.AppField name="birthDate">
        {(field) => (
          <field.TextInput
            label={t`Date of birth`}
            type="date"
            autoComplete="bday"
            invalid={invalid.birthDate}
            description={t`Some tests are only for adults; brands never see the date itself.`}
          />
        )}
      </form.AppField>
      <form.AppField name="gender">
        {(field) => (
          <field.SelectInput
            label={t`Gender (optional)`}
            autoComplete="sex"
            invalid={invalid.gender}
            options={[{ value: '', label: t`Not stated` }, ...GENDERS.map((gender) => ({ value: gender, label: i18n._(genderLabel[gender]) }))]}
          />
        )}
      </form.AppField>
      <div className="sm:col-span-2">
        <form.SubmitButton size="large">{t`Save my profile`}</form.SubmitButton>
      </div>
    </ContractForm>
  )
}
