import { useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import * as v from 'valibot'
import { AddressInputSchema, type Address, type AddressInput, type AddressResult } from '#contract/address'
import { SHIPPING_COUNTRIES, type Country } from '#contract/common'
import { safeRedirectTarget } from '~/auth/redirect-target'
import { feedback } from '~/components/ui/feedback-store'
import { FormAlert } from '~/components/ui/field'
import { ContractForm, showRejectedFields, useAppForm } from '~/lib/contract-form'
import { saveAddressFn } from '~/features/member/address.functions'
import { unwrap } from '~/upstream/upstream-result'
import { addressQuery, memberInfoQuery, refreshMemberData } from '~/lib/member-data/member-data.queries'
import { useSuspenseQueryData } from '~/lib/query-data'

/**
 * The form's values, as the contract takes them (the optional lines are '' while empty); the country
 * is '' until one is chosen, which the schema refuses.
 */
type AddressValues = Omit<AddressInput, 'country'> & { country: Country | '' }
type AddressField = keyof AddressValues

/** The member API names the address's own fields. */
const API_FIELDS: Record<string, AddressField> = {
  name: 'name',
  line1: 'line1',
  line2: 'line2',
  postalCode: 'postalCode',
  city: 'city',
  region: 'region',
  country: 'country',
}

const valuesOf = (address: Address | null): AddressValues => ({
  name: address?.name ?? '',
  line1: address?.line1 ?? '',
  line2: address?.line2 ?? '',
  postalCode: address?.postalCode ?? '',
  city: address?.city ?? '',
  region: address?.region ?? '',
  country: address?.country ?? '',
})

export function AddressForm({ redirect }: { redirect?: string }) {
  const data = useSuspenseQueryData(addressQuery)
  return <AddressEditor saved={data.address} redirect={redirect} />
}

function AddressEditor({ saved, redirect }: { saved: Address | null; redirect?: string }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const countryNames = new Intl.DisplayNames([i18n.locale], { type: 'region' })

  /** One sentence per field, for the schema's refusal and the member API's alike. */
  const invalid: Record<AddressField, string> = {
    name: t`Enter the name the parcel should be addressed to.`,
    line1: t`Enter the street and house number.`,
    line2: t`This line can have at most 200 characters.`,
    postalCode: t`Enter a postal code of the chosen country, like the one on your letters.`,
    city: t`Enter the town or city.`,
    region: t`This line can have at most 100 characters.`,
    country: t`Choose the country you live in.`,
  }

  const save = useMutation({
    mutationFn: async (address: v.InferOutput<typeof AddressInputSchema>) => unwrap(await saveAddressFn({ data: address })),
    onSuccess: async (result: AddressResult) => {
      queryClient.setQueryData(addressQuery.queryKey, result)
      // The address guard reads member info: it knows of the address before the refresh below ends.
      queryClient.setQueryData(memberInfoQuery.queryKey, (info) =>
        info ? { ...info, address: result.address, member: { ...info.member, hasAddress: true } } : info,
      )
      // The country decides which tests the member may apply to (every campaign's answer).
      await refreshMemberData(queryClient, 'address')
    },
  })

  const form = useAppForm({
    defaultValues: valuesOf(saved),
    // The contract's schema, with its check of the postal code against the chosen country.
    validators: { onSubmit: AddressInputSchema },
    onSubmit: async ({ value, formApi }) => {
      let result: AddressResult
      try {
        result = await save.mutateAsync(v.parse(AddressInputSchema, value))
      } catch (error) {
        // A refused field is shown under it; anything else the error catalogue answered.
        showRejectedFields(formApi, error, API_FIELDS, (field) => invalid[field as AddressField])
        return
      }
      formApi.reset(valuesOf(result.address))
      feedback.toast({ severity: 'success', summary: t`Address saved`, detail: t`We will send your test products here.` })
      if (redirect) await navigate({ href: safeRedirectTarget(redirect), replace: true })
    },
  })

  return (
    <ContractForm form={form} label={t`Shipping address`} className="grid max-w-2xl gap-5 sm:grid-cols-2">
      {redirect && !saved && (
        <div className="sm:col-span-2">
          <FormAlert tone="info">{t`Save your shipping address to continue: we need it before you can apply for tests.`}</FormAlert>
        </div>
      )}
      <form.AppField name="name">
        {(field) => <field.TextInput className="sm:col-span-2" label={t`Full name`} autoComplete="name" invalid={invalid.name} />}
      </form.AppField>
      <form.AppField name="line1">
        {(field) => <field.TextInput className="sm:col-span-2" label={t`Street and house number`} autoComplete="address-line1" invalid={invalid.line1} />}
      </form.AppField>
      <form.AppField name="line2">
        {(field) => (
          <field.TextInput className="sm:col-span-2" label={t`Apartment, floor, c/o (optional)`} autoComplete="address-line2" invalid={invalid.line2} />
        )}
      </form.AppField>
      <form.AppField name="postalCode">
        {(field) => <field.TextInput label={t`Postal code`} autoComplete="postal-code" invalid={invalid.postalCode} />}
      </form.AppField>
      <form.AppField name="city">{(field) => <field.TextInput label={t`Town or city`} autoComplete="address-level2" invalid={invalid.city} />}</form.AppField>
      <form.AppField name="region">
        {(field) => <field.TextInput label={t`State, county or region (optional)`} autoComplete="address-level1" invalid={invalid.region} />}
      </form.AppField>
      <form.AppField name="country">
        {(field) => (
          <field.SelectInput
            label={t`Country`}
            autoComplete="country"
            invalid={invalid.country}
            options={[{ value: '', label: t`Choose a country` }, ...SHIPPING_COUNTRIES.map((code) => ({ value: code, label: countryNames.of(code) ?? code }))]}
          />
        )}
      </form.AppField>
      <div className="sm:col-span-2">
        <form.SubmitButton size="large">{saved ? t`Save changes` : t`Save my address`}</form.SubmitButton>
      </div>
    </ContractForm>
  )
}
