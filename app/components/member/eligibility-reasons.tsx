import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { Eligibility, IneligibleReason } from '#contract/campaigns'
import { useCategoryName } from '~/lib/categories/categories.queries'
import { petLabel } from '~/lib/preference-labels'
import { tierLabel } from '~/lib/standing-texts'
import { useLocale } from '~/lib/locale'
import { formatDate } from '~/lib/date-format'

const fixLink = 'font-semibold text-colbolt underline underline-offset-2 hover:text-authentic'

export function useCountryList() {
  const { i18n } = useLingui()
  const names = new Intl.DisplayNames([i18n.locale], { type: 'region' })
  const list = new Intl.ListFormat(i18n.locale, { style: 'long', type: 'conjunction' })
  return (countries: readonly string[]) => list.format(countries.map((code) => names.of(code) ?? code))
}

/** Words of a rule that accepts any one of several values: "Dog or Cat". */
function useChoiceList() {
  const { i18n } = useLingui()
  const list = new Intl.ListFormat(i18n.locale, { style: 'long', type: 'disjunction' })
  return (labels: readonly string[]) => list.format(labels)
}

/** One reason a member cannot apply (by the member API's reason code), with the page that fixes it. */
function Reason({ reason, back }: { reason: IneligibleReason; back: string }) {
  const locale = useLocale()
  const { i18n } = useLingui()
  const countryList = useCountryList()
  const choiceList = useChoiceList()
  const categoryName = useCategoryName()
  const preferencesLink = (
    <Link to="/$locale/member/preferences" params={{ locale }} search={{ redirect: back }} className={fixLink}>
      <Trans>Update your preferences</Trans>
    </Link>
  )
  switch (reason.code) {
    case 'address':
      return (
        <Trans>
          Save your shipping address to take part.{' '}
          <Link to="/$locale/member/address" params={{ locale }} search={{ redirect: back }} className={fixLink}>
            Save your address
          </Link>
        </Trans>
      )
    case 'country': {
      const countries = countryList(reason.countries)
      return <Trans>This test ships only to {countries}, and your address is elsewhere.</Trans>
    }
    case 'birth-date': {
      const minAge = reason.minAge
      return (
        <Trans>
          This test is for members aged {minAge} or older: add your birth date.{' '}
          <Link to="/$locale/member/profile" params={{ locale }} search={{ redirect: back }} className={fixLink}>
            Edit your profile
          </Link>
        </Trans>
      )
    }
    case 'age': {
      const minAge = reason.minAge
      return <Trans>This test is for members aged {minAge} or older.</Trans>
    }
    case 'phone':
      return (
        <Trans>
          Verify your phone number to take part.{' '}
          <Link to="/$locale/member/phone" params={{ locale }} search={{ redirect: back }} className={fixLink}>
            Verify your phone
          </Link>
        </Trans>
      )
    case 'social':
      return (
        <Trans>
          Connect a social account to take part.{' '}
          <Link to="/$locale/member/social-accounts" params={{ locale }} search={{ redirect: back }} className={fixLink}>
            Connect an account
          </Link>
        </Trans>
      )
    case 'pets': {
      const pets = choiceList(reason.pets.map((pet) => i18n._(petLabel[pet])))
      return (
        <Trans>
          This test is for households with one of these pets: {pets}. If you have one, add it to your preferences. {preferencesLink}
        </Trans>
      )
    }
    case 'interests': {
      const categories = choiceList(reason.interests.map(categoryName))
      return (
        <Trans>
          This test is for members interested in one of these categories: {categories}. If one of them interests you, add it to your preferences.{' '}
          {preferencesLink}
        </Trans>
      )
    }
    case 'children':
      return reason.children === 'with' ? (
        <Trans>This test is for households with children. If you have children, say so in your preferences. {preferencesLink}</Trans>
      ) : (
        <Trans>This test is for households without children. If your household has changed, update your preferences. {preferencesLink}</Trans>
      )
    case 'tier': {
      const tier = i18n._(tierLabel[reason.minTier])
      return (
        <Trans>
          This test is for members whose standing is {tier} or higher.{' '}
          <Link to="/$locale/member/missions" params={{ locale }} hash="standing" className={fixLink}>
            See how to raise your standing
          </Link>
        </Trans>
      )
    }
    case 'screener':
      return <Trans>Your answers to the sign-up questions show this test is not the right fit for you. Other tests will be.</Trans>
    case 'household':
      return <Trans>This test takes one tester per household, and someone at your shipping address already has a place in it.</Trans>
    case 'own-brand':
      return <Trans>You are a user of this product's brand. To keep reviews independent, a brand's users do not test its products.</Trans>
    case 'staff':
      return <Trans>Staff do not take part in tests while they hold a console role, since they choose testers and moderate reviews.</Trans>
    case 'suspended': {
      if (reason.until === null)
        return (
          <Trans>
            Your account is suspended until our support team lifts the suspension: you cannot apply meanwhile.{' '}
            <Link to="/$locale/support" params={{ locale }} className={fixLink}>
              Contact support
            </Link>
          </Trans>
        )
      const until = formatDate(reason.until)
      return (
        <Trans>
          Your account is suspended until {until}: you cannot apply meanwhile.{' '}
          <Link to="/$locale/support" params={{ locale }} className={fixLink}>
            Contact support
          </Link>
        </Trans>
      )
    }
  }
}

/** Why this member cannot apply, each reason with what to do about it. */
export function IneligibleReasons({ reasons, back }: { reasons: readonly IneligibleReason[]; back: string }) {
  return (
    <ul className="list-disc space-y-1 pl-5">
      {reasons.map((reason) => (
        <li key={reason.code}>
          <Reason reason={reason} back={back} />
        </li>
      ))}
    </ul>
  )
}

/** The campaign's rules in words, for anyone. */
export function EligibilityRules({ rules }: { rules: Eligibility }) {
  const { i18n } = useLingui()
  const countryList = useCountryList()
  const choiceList = useChoiceList()
  const categoryName = useCategoryName()
  const countries = countryList(rules.countries)
  const minAge = rules.minAge
  const pets = choiceList(rules.pets.map((pet) => i18n._(petLabel[pet])))
  const interests = choiceList(rules.interests.map(categoryName))
  const minTier = rules.minTier ? i18n._(tierLabel[rules.minTier]) : null
  return (
    <ul className="list-disc space-y-1.5 pl-5 text-ink">
      <li>
        <Trans>A shipping address in {countries}.</Trans>
      </li>
      {minAge !== null && (
        <li>
          <Trans>Aged {minAge} or older.</Trans>
        </li>
      )}
      {rules.phoneVerifiedRequired && (
        <li>
          <Trans>A verified phone number.</Trans>
        </li>
      )}
      {rules.socialProfileRequired && (
        <li>
          <Trans>A connected social media account.</Trans>
        </li>
      )}
      {rules.pets.length > 0 && (
        <li>
          <Trans>Households with one of these pets: {pets}.</Trans>
        </li>
      )}
      {rules.interests.length > 0 && (
        <li>
          <Trans>Members interested in one of these categories: {interests}.</Trans>
        </li>
      )}
      {rules.children === 'with' && (
        <li>
          <Trans>Households with children.</Trans>
        </li>
      )}
      {rules.children === 'without' && (
        <li>
          <Trans>Households without children.</Trans>
        </li>
      )}
      {minTier && (
        <li>
          <Trans>A standing of {minTier} or higher.</Trans>
        </li>
      )}
      {rules.onePerHousehold && (
        <li>
          <Trans>One tester per household.</Trans>
        </li>
      )}
      <li>
        <Trans>
          One application per member. Places go to eligible members in the order they apply; once the test is full, a place that frees up goes to the waiting
          member with the highest standing when they applied, and among equals to whoever applied first.
        </Trans>
      </li>
    </ul>
  )
}
