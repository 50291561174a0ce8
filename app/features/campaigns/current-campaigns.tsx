import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { CampaignCard } from '~/components/catalogue/campaign-card'
import { DEFAULT_LOCALE } from '~/i18n/i18n'
import { homeCampaignsQuery } from './campaigns.queries'

const HOME_CAMPAIGNS = 3

/** The home page's campaigns: the first few open ones, then upcoming ones. */
export function CurrentCampaigns() {
  const { t } = useLingui()
  const { data, isPending, isError } = useQuery(homeCampaignsQuery)
  if (isPending) return <p className="text-ink">{t`Loading campaigns…`}</p>
  if (isError) return <p className="rounded-xl bg-white p-5 text-ink">{t`We could not load the current campaigns just now. Please try again in a moment.`}</p>
  const current = data.items.filter((c) => c.phase === 'open' || c.phase === 'upcoming').slice(0, HOME_CAMPAIGNS)
  if (current.length === 0) {
    return (
      <p className="rounded-xl bg-white p-5 text-ink">
        <Trans>No campaigns are open right now. New tests open regularly: join now and we will e-mail you when the next one opens.</Trans>
      </p>
    )
  }
  return (
    <ul className="grid grid-cols-1 gap-6 md:grid-cols-3">
      {current.map((campaign) => (
        <li key={campaign.id}>
          <CampaignCard campaign={campaign} headingLevel={4} link={{ to: '/$locale/ready-to-test/$id', params: { locale: DEFAULT_LOCALE, id: campaign.id } }} />
        </li>
      ))}
    </ul>
  )
}
