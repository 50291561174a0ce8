import { useLingui } from '@lingui/react/macro'
import * as v from 'valibot'
import { CURRENCIES, ProductInputSchema, type OpsProduct, type ProductInput } from '#contract/authoring'
import type { CategoryCount } from '#contract/campaigns'
import type { Category } from '#contract/common'
import { blankAs, ContractForm, showRejectedFields, useAppForm } from '~/lib/contract-form'

/** The price as typed (29.99 or 29,99), held as text and read into cents by the schema. */
const PRICE = /^\d{1,6}(?:[.,]\d{1,2})?$/
const ProductFormSchema = v.pipe(
  v.strictObject({
    ...v.omit(ProductInputSchema, ['retailValueCents']).entries,
    price: v.pipe(v.string(), v.trim(), v.regex(PRICE, 'a price such as 29.99')),
    // Each identifier is optional: an empty field is none.
    gtin: blankAs(null, ProductInputSchema.entries.gtin),
    mpn: blankAs(null, ProductInputSchema.entries.mpn),
    sku: blankAs(null, ProductInputSchema.entries.sku),
  }),
  v.transform(({ price, ...rest }): ProductInput => ({ ...rest, retailValueCents: Math.round(Number(price.replace(',', '.')) * 100) })),
)
type ProductValues = {
  brand: string
  name: string
  description: string
  category: Category | ''
  price: string
  currency: string
  gtin: string
  mpn: string
  sku: string
}
/** The member API's names of the fields it may refuse → the form's. */
const API_FIELDS = {
  brand: 'brand',
  name: 'name',
  description: 'description',
  category: 'category',
  retailValueCents: 'price',
  currency: 'currency',
  gtin: 'gtin',
  mpn: 'mpn',
  sku: 'sku',
}

const valuesOf = (product: OpsProduct | null): ProductValues =>
  product
    ? {
        brand: product.brand,
        name: product.name,
        description: product.description,
        category: product.category,
        price: (product.retailValueCents / 100).toFixed(2),
        currency: product.currency,
        gtin: product.gtin ?? '',
        mpn: product.mpn ?? '',
        sku: product.sku ?? '',
      }
    : { brand: '', name: '', description: '', category: '', price: '', currency: 'EUR', gtin: '', mpn: '', sku: '' }

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
    gtin: t`Enter the 8, 12, 13 or 14 digits under the barcode, as printed, or leave it empty.`,
    mpn: t`Enter the manufacturer's part number, up to 70 letters, digits and . _ / # + -, or leave it empty.`,
    sku: t`Enter the brand's stock-keeping unit, up to 70 letters, digits and . _ / # + -, or leave it empty.`,
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
      <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
        <legend className="mb-1 font-semibold text-ink">{t`Product identifiers (optional)`}</legend>
        <form.AppField name="gtin">
          {(field) => (
            <field.TextInput
              label={t`GTIN (EAN or UPC barcode)`}
              description={t`Search engines match reviews to the product by it.`}
              invalid={invalid.gtin}
              inputMode="numeric"
              autoComplete="off"
              maxLength={20}
            />
          )}
        </form.AppField>
        <form.AppField name="mpn">
          {(field) => <field.TextInput label={t`Manufacturer part number (MPN)`} invalid={invalid.mpn} autoComplete="off" maxLength={70} />}
        </form.AppField>
        <form.AppField name="sku">{(field) => <field.TextInput label={t`SKU`} invalid={invalid.sku} autoComplete="off" maxLength={70} />}</form.AppField>
      </fieldset>
      <div className="sm:col-span-2">
        <form.SubmitButton>{submitLabel}</form.SubmitButton>
      </div>
    </ContractForm>
  )
}
