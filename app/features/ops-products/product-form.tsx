import { useLingui } from '@lingui/react/macro'
import * as v from 'valibot'
import { CURRENCIES, ProductInputSchema, type OpsProduct, type ProductInput } from '#contract/authoring'
import type { CategoryCount } from '#contract/campaigns'
import type { Category } from '#contract/common'
import { ContractForm, showRejectedFields, useAppForm } from '~/lib/contract-form'

/** The price as typed (29.99 or 29,99), held as text and read into cents by the schema. */
const PRICE = /^\d{1,6}(?:[.,]\d{1,2})?$/
const ProductFormSchema = v.pipe(
  v.strictObject({
    ...v.omit(ProductInputSchema, ['retailValueCents']).entries,
    price: v.pipe(v.string(), v.trim(), v.regex(PRICE, 'a price such as 29.99')),
  }),
  v.transform(({ price, ...rest }): ProductInput => ({ ...rest, retailValueCents: Math.round(Number(price.replace(',', '.')) * 100) })),
)
type ProductValues = { brand: string; name: string; description: string; category: Category | ''; price: string; currency: string }
/** The member API's names of the fields it may refuse → the form's. */
const API_FIELDS = { brand: 'brand', name: 'name', description: 'description', category: 'category', retailValueCents: 'price', currency: 'currency' }

const valuesOf = (product: OpsProduct | null): ProductValues =>
  product
    ? {
        brand: product.brand,
        name: product.name,
        description: product.description,
        category: product.category,
        price: (product.retailValueCents / 100).toFixed(2),
        currency: product.currency,
      }
    : { brand: '', name: '', description: '', category: '', price: '', currency: 'EUR' }

/** A product's fields, new or edited: checked by the contract's schema, each problem beside its field, what was typed kept. */
export function ProductForm({
  product,
  categories,
  onSave,
  submitLabel,
}: {
  product: OpsProduct | null
  /** The categories to choose from (data an admin extends). */
  categories: readonly CategoryCount[]
  onSave: (input: ProductInput) => Promise<unknown>
  submitLabel: string
}) {
  const { t } = useLingui()
  const invalid = {
    brand: t`Enter the brand, up to 80 characters.`,
    name: t`Enter the product's name, up to 120 characters.`,
    description: t`Describe the product in 10 to 4,000 characters.`,
    category: t`Choose the product's category.`,
    price: t`Enter the shop price, such as 29.99.`,
    currency: t`Choose the price's currency.`,
  }
  const form = useAppForm({
    defaultValues: valuesOf(product),
    validators: { onSubmit: ProductFormSchema },
    onSubmit: async ({ value, formApi }) => {
      try {
        await onSave(v.parse(ProductFormSchema, value))
      } catch (error) {
        showRejectedFields(formApi, error, API_FIELDS, (field) => invalid[field as keyof typeof invalid])
        return
      }
      if (!product) formApi.reset(valuesOf(null))
    },
  })
  return (
    <ContractForm form={form} label={product ? t`Edit ${product.name}` : t`New product`} className="grid gap-4 sm:grid-cols-2">
      <form.AppField name="brand">{(field) => <field.TextInput label={t`Brand`} invalid={invalid.brand} maxLength={80} />}</form.AppField>
      <form.AppField name="name">{(field) => <field.TextInput label={t`Product name`} invalid={invalid.name} maxLength={120} />}</form.AppField>
      <form.AppField name="description">
        {(field) => <field.TextAreaInput label={t`Description`} invalid={invalid.description} rows={4} maxLength={4000} className="sm:col-span-2" />}
      </form.AppField>
      <form.AppField name="category">
        {(field) => (
          <field.SelectInput
            label={t`Category`}
            invalid={invalid.category}
            options={[{ value: '', label: t`Choose a category` }, ...categories.map((category) => ({ value: category.slug, label: category.name }))]}
          />
        )}
      </form.AppField>
      <div className="flex gap-3">
        <form.AppField name="price">
          {(field) => <field.TextInput label={t`Shop price`} invalid={invalid.price} inputMode="decimal" className="w-32" />}
        </form.AppField>
        <form.AppField name="currency">
          {(field) => <field.SelectInput label={t`Currency`} invalid={invalid.currency} options={CURRENCIES.map((value) => ({ value, label: value }))} />}
        </form.AppField>
      </div>
      <div className="sm:col-span-2">
        <form.SubmitButton>{submitLabel}</form.SubmitButton>
      </div>
    </ContractForm>
  )
}
