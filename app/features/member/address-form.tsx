import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { isValidPostalCode, type Address } from '#contract/address'
import { SHIPPING_COUNTRIES, type Country } from '#contract/common'
import { safeRedirectTarget } from '~/auth/redirect-target'
import { Button } from '~/components/ui/button'
import { feedback } from '~/components/ui/feedback-store'
import { FormAlert, SelectField, TextField } from '~/components/ui/field'
import { formValues, rejectedFieldErrors, type FieldErrors } from '~/lib/form'
import { saveAddressFn } from '~/features/member/address.functions'
import { unwrap } from '~/upstream/upstream-result'
import { addressQuery, memberInfoQuery, refreshMemberData } from '~/lib/member-data/member-data.queries'

const FIELDS = ['name', 'line1', 'line2', 'postalCode', 'city', 'region', 'country'] as const
type Field = (typeof FIELDS)[number]

/** One clear sentence per field, used for our own checks and for the member API's 400 alike. */
const fieldMessage: Record<Field, MessageDescriptor> = {
  name: msg`Enter the name the parcel should be addressed to.`,
  line1: msg`Enter the street and house number.`,
  line2: msg`This line can have at most 200 characters.`,
  postalCode: msg`Enter a postal code of the chosen country, like the one on your letters.`,
  city: msg`Enter the town or city.`,
  region: msg`This line can have at most 100 characters.`,
  country: msg`Choose the country you live in.`,
}

const required = (max: number) => v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(max))
const optional = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max))

function checkAddress(values: Record<string, unknown>): { ok: true; data: Record<Field, string> } | { ok: false; fields: Field[] } {
  const shape = {
    name: required(120),
    line1: required(200),
    line2: optional(200),
    postalCode: required(12),
    city: required(100),
    region: optional(100),
    country: v.picklist(SHIPPING_COUNTRIES),
  }
  const bad: Field[] = []
  const data = {} as Record<Field, string>
  for (const field of FIELDS) {
    const result = v.safeParse(shape[field], values[field] ?? '')
    if (result.success) data[field] = result.output
    else bad.push(field)
  }
  if (!bad.includes('country') && !bad.includes('postalCode') && !isValidPostalCode(data.country as Country, data.postalCode)) bad.push('postalCode')
  return bad.length > 0 ? { ok: false, fields: bad } : { ok: true, data }
}

export function AddressForm({ redirect }: { redirect?: string }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { data } = useSuspenseQuery(addressQuery)
  const [errors, setErrors] = useState<FieldErrors>({})
  const countryNames = new Intl.DisplayNames([i18n.locale], { type: 'region' })

  const save = useMutation({
    mutationFn: async (address: Record<Field, string>) =>
      unwrap(
        await saveAddressFn({
          data: { ...address, line2: address.line2 || undefined, region: address.region || undefined, country: address.country as Country },
        }),
      ),
    onSuccess: async (result) => {
      queryClient.setQueryData(addressQuery.queryKey, result)
      // The address guard reads member info: it knows of the address before the refresh below ends.
      queryClient.setQueryData(memberInfoQuery.queryKey, (info) =>
        info ? { ...info, address: result.address, member: { ...info.member, hasAddress: true } } : info,
      )
      // The country decides which tests the member may apply to (every campaign's answer).
      await refreshMemberData(queryClient, 'address')
      feedback.toast({ severity: 'success', summary: t`Address saved`, detail: t`We will send your test products here.` })
      if (redirect) await navigate({ href: safeRedirectTarget(redirect), replace: true })
    },
    onError: (error) => {
      // The member API's field errors, each with our sentence for that field.
      const next = rejectedFieldErrors(error, FIELDS, (field) => i18n._(fieldMessage[field]))
      if (next) setErrors(next)
    },
  })

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (save.isPending) return
    const checked = checkAddress(formValues(event.currentTarget))
    if (!checked.ok) {
      setErrors(Object.fromEntries(checked.fields.map((field) => [field, i18n._(fieldMessage[field])])))
      return
    }
    setErrors({})
    save.mutate(checked.data)
  }

  const saved: Address | null = data.address
  return (
    <form noValidate onSubmit={submit} className="grid max-w-2xl gap-5 sm:grid-cols-2" aria-label={t`Shipping address`}>
      {redirect && !saved && (
        <div className="sm:col-span-2">
          <FormAlert tone="info">{t`Save your shipping address to continue: we need it before you can apply for tests.`}</FormAlert>
        </div>
      )}
      <TextField className="sm:col-span-2" label={t`Full name`} name="name" autoComplete="name" defaultValue={saved?.name ?? ''} error={errors.name} />
      <TextField
        className="sm:col-span-2"
        label={t`Street and house number`}
        name="line1"
        autoComplete="address-line1"
        defaultValue={saved?.line1 ?? ''}
        error={errors.line1}
      />
      <TextField
        className="sm:col-span-2"
        label={t`Apartment, floor, c/o (optional)`}
        name="line2"
        autoComplete="address-line2"
        defaultValue={saved?.line2 ?? ''}
        error={errors.line2}
      />
      <TextField label={t`Postal code`} name="postalCode" autoComplete="postal-code" defaultValue={saved?.postalCode ?? ''} error={errors.postalCode} />
      <TextField label={t`Town or city`} name="city" autoComplete="address-level2" defaultValue={saved?.city ?? ''} error={errors.city} />
      <TextField
        label={t`State, county or region (optional)`}
        name="region"
        autoComplete="address-level1"
        defaultValue={saved?.region ?? ''}
        error={errors.region}
      />
      <SelectField
        label={t`Country`}
        name="country"
        autoComplete="country"
        defaultValue={saved?.country ?? ''}
        error={errors.country}
        options={[{ value: '', label: t`Choose a country` }, ...SHIPPING_COUNTRIES.map((code) => ({ value: code, label: countryNames.of(code) ?? code }))]}
      />
      <div className="sm:col-span-2">
        <Button type="submit" size="large" loading={save.isPending}>
          {saved ? t`Save changes` : t`Save my address`}
        </Button>
      </div>
    </form>
  )
}
