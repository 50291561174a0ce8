import { useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import * as v from 'valibot'
import type { Category } from '#contract/common'
import { PETS, PreferencesSchema, type Member, type Preferences } from '#contract/members'
import type { CategoryCount } from '#contract/campaigns'
import { safeRedirectTarget } from '~/auth/redirect-target'
import { feedback } from '~/components/ui/feedback-store'
import { ContractForm, showRejectedFields, useAppForm } from '~/lib/contract-form'
import { updateProfileFn } from '~/features/member/profile.functions'
import { unwrap } from '~/upstream/upstream-result'
import { petLabel } from '~/lib/preference-labels'
import { categoriesQuery } from '~/lib/categories/categories.queries'
import { profileQuery, refreshMemberData } from '~/lib/member-data/member-data.queries'
import { useSuspenseQueryData } from '~/lib/query-data'

type Pet = (typeof PETS)[number]
/** The form's values: the number of children is null while its field is empty (the schema refuses that). */
type PreferencesValues = { interests: Category[]; children: number | null; pets: Pet[] }
type PreferencesField = keyof PreferencesValues

/** The member API's field paths (under `preferences`, items included) → this form's fields. */
const API_FIELDS: Record<string, PreferencesField> = {
  'preferences.interests': 'interests',
  'preferences.children': 'children',
  'preferences.pets': 'pets',
}

export function PreferencesForm({ redirect }: { redirect?: string }) {
  const data = useSuspenseQueryData(profileQuery)
  // Interests are the categories as they are now: an admin adds them.
  const categories = useSuspenseQuery(categoriesQuery)
  return <PreferencesEditor saved={data.preferences} categories={categories.data} redirect={redirect} />
}

function PreferencesEditor({ saved, categories, redirect }: { saved: Preferences; categories: readonly CategoryCount[]; redirect?: string }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()

  /** One sentence per field, for the schema's refusal and the member API's alike. */
  const invalid: Record<PreferencesField, string> = {
    interests: t`Choose your interests from the list.`,
    children: t`Enter the number of children in your household, from 0 to 20.`,
    pets: t`Choose your pets from the list.`,
  }

  const save = useMutation({
    mutationFn: async (preferences: Preferences) => unwrap(await updateProfileFn({ data: { preferences } })),
    onSuccess: async (member: Member) => {
      queryClient.setQueryData(profileQuery.queryKey, member)
      // Campaigns may ask for interests, children or pets: their eligibility is asked for again.
      await refreshMemberData(queryClient, 'profile')
    },
  })

  const form = useAppForm({
    defaultValues: { interests: saved.interests, children: saved.children, pets: saved.pets } as PreferencesValues,
    validators: { onSubmit: PreferencesSchema },
    onSubmit: async ({ value, formApi }) => {
      let member: Member
      try {
        // The schema has passed, so this only narrows the empty number away.
        member = await save.mutateAsync(v.parse(PreferencesSchema, value))
      } catch (error) {
        // A refused field is shown under it; anything else the error catalogue answered.
        showRejectedFields(formApi, error, API_FIELDS, (field) => invalid[field as PreferencesField])
        return
      }
      formApi.reset(member.preferences)
      feedback.toast({ severity: 'success', summary: t`Preferences saved`, detail: t`Your changes are saved.` })
      if (redirect) await navigate({ href: safeRedirectTarget(redirect), replace: true })
    },
  })

  return (
    <ContractForm form={form} label={t`Preferences`} className="flex max-w-2xl flex-col gap-8">
      <fieldset className="flex flex-col gap-5">
        <legend className="mb-3 text-xl font-bold text-authentic">{t`Your household`}</legend>
        <form.AppField name="children">
          {(field) => (
            <field.NumberInput
              label={t`Children in your household`}
              description={t`Some tests are for families, or only for homes without children.`}
              invalid={invalid.children}
              min={0}
              max={20}
              step={1}
              className="max-w-xs"
            />
          )}
        </form.AppField>
        <form.AppField name="pets">
          {(field) => (
            <field.CheckboxGroupInput
              legend={t`Pets`}
              description={t`Tick every kind of pet that lives with you.`}
              invalid={invalid.pets}
              options={PETS.map((pet) => ({ value: pet, label: i18n._(petLabel[pet]) }))}
              columns
            />
          )}
        </form.AppField>
      </fieldset>
      <fieldset className="flex flex-col gap-5">
        <legend className="mb-3 text-xl font-bold text-authentic">{t`Your interests`}</legend>
        <form.AppField name="interests">
          {(field) => (
            <field.CheckboxGroupInput
              legend={t`Products you would like to test`}
              description={t`Some tests are offered to members interested in their kind of product.`}
              invalid={invalid.interests}
              options={categories.map((category) => ({ value: category.slug, label: category.name }))}
              columns
            />
          )}
        </form.AppField>
      </fieldset>
      <div>
        <form.SubmitButton size="large">{t`Save my preferences`}</form.SubmitButton>
      </div>
    </ContractForm>
  )
}
