import { useLingui } from '@lingui/react/macro'
import type { AnyFormApi } from '@tanstack/react-form'
import type { ReactNode } from 'react'
import { MIN_AGE_RANGE } from '#contract/campaign-authoring'
import { useAppForm } from '~/lib/contract-form'
import { campaignFormSchema, fieldKindOf, type CampaignFormValues } from './campaign-form-values'

/** The form with its values' type, for the sections drawn by other components. */
export function useCampaignForm(defaultValues: CampaignFormValues, onSubmit: (values: CampaignFormValues, form: AnyFormApi) => Promise<void>) {
  return useAppForm({
    defaultValues,
    validators: { onSubmit: campaignFormSchema },
    onSubmit: ({ value, formApi }) => onSubmit(value, formApi),
  })
}
export type CampaignFormApi = ReturnType<typeof useCampaignForm>

/** The page's sentence for each field: what it needs, shown beside it for any refusal. */
export function useInvalidSentences(): (field: string) => string {
  const { t } = useLingui()
  const sentences: Record<string, string> = {
    title: t`Enter the title, up to 120 characters.`,
    slug: t`Enter an address of 3 to 80 lower-case letters, digits and single hyphens that no other campaign uses.`,
    summary: t`Enter a summary of up to 200 characters.`,
    description: t`Describe the test in 20 to 8,000 characters.`,
    kind: t`Choose the kind of test.`,
    selectionMode: t`Choose how places are given.`,
    productId: t`Choose the product the campaign tests.`,
    'eligibility.countries': t`Choose at least one country.`,
    'eligibility.minAge': t`Enter an age from ${MIN_AGE_RANGE[0]} to ${MIN_AGE_RANGE[1]}, or leave it blank.`,
    'eligibility.interests': t`Choose the interests from the list.`,
    'eligibility.pets': t`Choose the pets from the list.`,
    'eligibility.children': t`Choose who the test is for.`,
    'eligibility.minTier': t`Choose a tier from the list.`,
    screener: t`A screener asks at most 10 questions.`,
    'screener[].prompt': t`Enter the question, up to 200 characters.`,
    'screener[].kind': t`Choose how the question is answered.`,
    'screener[].options': t`Give 2 to 12 different options, and let at least one of them through.`,
    'screener[].options[].text': t`Enter the option, up to 80 characters.`,
    'tasks.purchaseIntent': t`A verified-purchase test asks for the purchase.`,
    'tasks.social': t`Platforms and the impressions report go with social posts.`,
    'tasks.socialPlatforms': t`Choose the platforms from the list.`,
  }
  return (field) => sentences[fieldKindOf(field)] ?? t`Check this field.`
}

/** A field a published campaign keeps as it is: its value, and why it cannot change. */
export function FixedValue({ label, value, reason }: { label: string; value: ReactNode; reason: string }) {
  return (
    <div className="flex flex-col gap-1">
      <p className="font-semibold text-ink">{label}</p>
      <p className="text-ink">{value}</p>
      <p className="text-sm text-muted">{reason}</p>
    </div>
  )
}

/** One part of the form: a fieldset whose legend is the part's heading. */
export function FormPart({ title, intro, disabled, children }: { title: string; intro?: ReactNode; disabled?: boolean; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-line bg-white p-4 sm:p-6">
      <fieldset disabled={disabled} className="flex min-w-0 flex-col gap-5">
        <legend className="mb-1 w-full">
          <h2 className="text-xl font-semibold text-authentic">{title}</h2>
        </legend>
        {intro && <div className="-mt-3 text-ink">{intro}</div>}
        {children}
      </fieldset>
    </div>
  )
}
