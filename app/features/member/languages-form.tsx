import { useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import * as v from 'valibot'
import { LanguageCode, type Member } from '#contract/members'
import { safeRedirectTarget } from '~/auth/redirect-target'
import { feedback } from '~/components/ui/feedback-store'
import { ContractForm, showRejectedFields, useAppForm } from '~/lib/contract-form'
import { updateProfileFn } from '~/features/member/profile.functions'
import { unwrap } from '~/upstream/upstream-result'
import { profileQuery, refreshMemberData } from '~/lib/member-data/member-data.queries'
import { useSuspenseQueryData } from '~/lib/query-data'

/** The languages our campaigns are written in: those of the countries we ship to. */
export const REVIEW_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'pl', 'sv', 'da', 'no', 'fi'] as const

/** What the member API accepts for `languages`, and at least one: a member reviews in some language. */
const LanguagesSchema = v.strictObject({
  languages: v.pipe(v.array(LanguageCode), v.minLength(1), v.maxLength(20)),
})
type LanguagesValues = { languages: string[] }

/**
 * The choices: the review languages plus any language already saved that is not among them (the
 * member keeps what they chose before), by name in the page's language, in that language's order.
 */
export function languageOptions(saved: readonly string[], locale: string): { value: string; label: string }[] {
  const names = new Intl.DisplayNames([locale], { type: 'language' })
  const collator = new Intl.Collator(locale)
  const codes = [...new Set<string>([...REVIEW_LANGUAGES, ...saved])]
  return codes.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) => collator.compare(a.label, b.label))
}

export function LanguagesForm({ redirect }: { redirect?: string }) {
  const data = useSuspenseQueryData(profileQuery)
  return <LanguagesEditor saved={data.languages} redirect={redirect} />
}

function LanguagesEditor({ saved, redirect }: { saved: string[]; redirect?: string }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const options = languageOptions(saved, i18n.locale)
  const invalid = t`Choose at least one language.`

  const save = useMutation({
    mutationFn: async (languages: string[]) => unwrap(await updateProfileFn({ data: { languages } })),
    onSuccess: async (member: Member) => {
      queryClient.setQueryData(profileQuery.queryKey, member)
      // The member's summary carries the languages too.
      await refreshMemberData(queryClient, 'profile')
    },
  })

  const form = useAppForm({
    defaultValues: { languages: saved } as LanguagesValues,
    validators: { onSubmit: LanguagesSchema },
    onSubmit: async ({ value, formApi }) => {
      let member: Member
      try {
        member = await save.mutateAsync(value.languages)
      } catch (error) {
        // A refused field is shown under the list; anything else the error catalogue answered.
        showRejectedFields(formApi, error, { languages: 'languages' }, () => invalid)
        return
      }
      formApi.reset({ languages: member.languages })
      feedback.toast({ severity: 'success', summary: t`Languages saved`, detail: t`Your changes are saved.` })
      if (redirect) await navigate({ href: safeRedirectTarget(redirect), replace: true })
    },
  })

  return (
    <ContractForm form={form} label={t`Languages`} className="flex max-w-2xl flex-col gap-6">
      <form.AppField name="languages">
        {(field) => <field.CheckboxGroupInput legend={t`Languages you read and write reviews in`} invalid={invalid} options={options} columns />}
      </form.AppField>
      <div>
        <form.SubmitButton size="large">{t`Save my languages`}</form.SubmitButton>
      </div>
    </ContractForm>
  )
}
