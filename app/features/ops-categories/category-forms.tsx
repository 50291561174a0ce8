import { useLingui } from '@lingui/react/macro'
import { useRef } from 'react'
import * as v from 'valibot'
import { CATEGORY_SLUG_MAX_LENGTH, CategoryCreateBodySchema, CategoryRenameBodySchema, slugFromName, type CategoryCreateBody } from '#contract/categories'
import { CategorySchema } from '#contract/common'
import { ContractForm, showRejectedFields, useAppForm } from '~/lib/contract-form'

/** The form always holds a slug (the name's, or the admin's own): it is sent, never left to the member API to make. */
const NewCategoryFormSchema = v.strictObject({ ...CategoryCreateBodySchema.entries, slug: CategorySchema })

/** The member API's names of the fields it may refuse → the forms'. */
const API_FIELDS = { name: 'name', slug: 'slug' }

/** One sentence per field for the schema's refusal, and one for the member API's (a name or slug another category has). */
function useCategoryTexts() {
  const { t } = useLingui()
  return {
    invalid: {
      name: t`Enter a name of 2 to 60 characters, on one line.`,
      slug: t`Enter a slug of lower-case letters and digits, words joined by hyphens, up to ${CATEGORY_SLUG_MAX_LENGTH} characters.`,
    },
    taken: {
      name: t`Another category has this name.`,
      slug: t`Another category has this slug: choose another.`,
    },
  }
}

/**
 * A new category: its name, and its slug, made from the name as it is typed until the admin writes
 * one of their own. The slug cannot change once the category is made.
 */
export function NewCategoryForm({ onSave }: { onSave: (body: CategoryCreateBody) => Promise<unknown> }) {
  const { t } = useLingui()
  const { invalid, taken } = useCategoryTexts()
  // The slug follows the name while it is empty or still the one the name makes.
  const slugFollowsName = useRef(true)
  const form = useAppForm({
    defaultValues: { name: '', slug: '' },
    validators: { onSubmit: NewCategoryFormSchema },
    onSubmit: async ({ value, formApi }) => {
      try {
        await onSave(v.parse(NewCategoryFormSchema, value))
      } catch (error) {
        showRejectedFields(formApi, error, API_FIELDS, (field) => taken[field as keyof typeof taken])
        return
      }
      slugFollowsName.current = true
      formApi.reset()
    },
  })
  return (
    <ContractForm form={form} label={t`New category`} className="grid gap-4 sm:grid-cols-2">
      <form.AppField
        name="name"
        listeners={{
          onChange: ({ value }) => {
            if (slugFollowsName.current) form.setFieldValue('slug', slugFromName(value), { dontRunListeners: true, dontUpdateMeta: true })
          },
        }}
      >
        {(field) => <field.TextInput label={t`Name`} description={t`As members read it, such as Garden and patio.`} invalid={invalid.name} maxLength={60} />}
      </form.AppField>
      <form.AppField
        name="slug"
        listeners={{
          onChange: ({ value }) => {
            slugFollowsName.current = value === '' || value === slugFromName(form.getFieldValue('name'))
          },
        }}
      >
        {(field) => (
          <field.TextInput
            label={t`Slug`}
            description={t`Names the category in addresses and filters; it cannot change once the category is made.`}
            invalid={invalid.slug}
            maxLength={CATEGORY_SLUG_MAX_LENGTH}
            autoCapitalize="none"
            spellCheck={false}
          />
        )}
      </form.AppField>
      <div className="sm:col-span-2">
        <form.SubmitButton>{t`Add the category`}</form.SubmitButton>
      </div>
    </ContractForm>
  )
}

/** A new name for a category; its slug stays. */
export function RenameCategoryForm({ name, onSave }: { name: string; onSave: (name: string) => Promise<unknown> }) {
  const { t } = useLingui()
  const { invalid, taken } = useCategoryTexts()
  const form = useAppForm({
    defaultValues: { name },
    validators: { onSubmit: CategoryRenameBodySchema },
    onSubmit: async ({ value, formApi }) => {
      try {
        await onSave(v.parse(CategoryRenameBodySchema, value).name)
      } catch (error) {
        showRejectedFields(formApi, error, { name: 'name' }, () => taken.name)
      }
    },
  })
  return (
    <ContractForm form={form} label={t`Rename ${name}`} className="flex flex-wrap items-end gap-4">
      <form.AppField name="name">{(field) => <field.TextInput label={t`New name`} invalid={invalid.name} maxLength={60} className="min-w-64" />}</form.AppField>
      <form.SubmitButton>{t`Save the name`}</form.SubmitButton>
    </ContractForm>
  )
}
