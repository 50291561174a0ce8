import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, Link } from '@tanstack/react-router'
import * as v from 'valibot'
import { FormAlert } from '~/components/ui/field'
import { PhoneCodeForm } from '~/features/member/phone-verification'
import { optionalText } from '~/lib/search-params'
import { useLocale } from '~/lib/locale'
import { msg } from '@lingui/core/macro'
import { pageHead, NOT_INDEXED } from '~/lib/page-head'

/** The number as the member API answered when it sent the code; anything else is ignored. */
const E164 = /^\+[1-9]\d{5,14}$/

export const Route = createFileRoute('/$locale/_public/user/verify-phone')({
  headers: () => NOT_INDEXED,
  head: () => pageHead(msg`Verify your phone`),
  staticData: { layout: 'auth' },
  validateSearch: v.object({
    phone: optionalText,
    redirect: optionalText,
  }),
  component: VerifyPhonePage,
})

function VerifyPhonePage() {
  const locale = useLocale()
  const { t } = useLingui()
  const search = Route.useSearch()
  const phone = search.phone && E164.test(search.phone) ? search.phone : undefined
  const redirect = search.redirect
  return (
    <>
      <h1 className="text-2xl font-bold text-authentic">{t`Verify your phone`}</h1>
      <div className="mt-6">
        {phone ? (
          <PhoneCodeForm phone={phone} redirect={redirect} />
        ) : (
          <FormAlert tone="info">
            <Trans>
              This page confirms a mobile number with the code we send by text message. Start on{' '}
              <Link to="/$locale/member/phone" params={{ locale }} className="font-semibold text-colbolt underline">
                your phone number page
              </Link>
              .
            </Trans>
          </FormAlert>
        )}
      </div>
    </>
  )
}
