import { useLingui } from '@lingui/react/macro'
import type { Address } from '#contract/address'

/** The shipping address as it would read on a parcel. */
export function AddressLines({ address }: { address: Omit<Address, 'updatedAt' | 'country'> & { country: string } }) {
  const { i18n } = useLingui()
  const country = new Intl.DisplayNames([i18n.locale], { type: 'region' }).of(address.country) ?? address.country
  return (
    <address className="not-italic leading-relaxed text-ink">
      {address.name}
      <br />
      {address.line1}
      {address.line2 && (
        <>
          <br />
          {address.line2}
        </>
      )}
      <br />
      {address.postalCode} {address.city}
      {address.region && (
        <>
          <br />
          {address.region}
        </>
      )}
      <br />
      {country}
    </address>
  )
}
