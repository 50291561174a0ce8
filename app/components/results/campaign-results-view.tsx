import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { CampaignResults, FlightFunnel, Group } from '#contract/results'
import { SMALLEST_GROUP } from '#contract/results'
import { useInstantText } from '~/components/ops/instant-text'
import { ExportDownload, ExportRefusedNotice } from './export-download'
import { CountsChart } from './results-charts'

/**
 * What a campaign has come to, for staff and for the campaign's brand alike: the page that shows it
 * reads the figures again every 30 seconds while it is open. Every figure is in a table with its
 * caption and headers, so a screen reader reads it as it reads any table; groups too small to show
 * say so instead of a number. `back` is the page's way back, `downloads` where the reviews' files
 * are served (`<downloads>/reviews.csv?campaign=<id>`).
 */
export function CampaignResultsView({ results, back, downloads }: { results: CampaignResults; back: ReactNode; downloads: string }) {
  const { t } = useLingui()
  const instant = useInstantText()
  const readAt = instant(results.readAt)
  const campaignId = results.campaignId
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold text-authentic">{t`Results: ${results.title}`}</h1>
        <p className="text-ink">
          {results.brand} · {t`Figures as of ${readAt}; they update while the page is open.`}
        </p>
        {back}
      </div>
      <Funnel flights={results.flights} />
      <Ratings ratings={results.ratings} />
      <Section title={t`Take the reviews away`}>
        <div className="flex flex-wrap items-start gap-4">
          <ExportDownload
            href={`${downloads}/reviews.csv?campaign=${campaignId}`}
            format="csv"
            label={t`Download the published reviews (CSV)`}
            total={results.ratings.published}
          />
          <ExportDownload
            href={`${downloads}/reviews.json?campaign=${campaignId}`}
            format="json"
            label={t`Download the published reviews (JSON)`}
            total={results.ratings.published}
          />
        </div>
        <ExportRefusedNotice />
        <p className="text-ink">
          {/* No `download`: the file comes as an attachment, and a refusal leads back here to say why. */}
          <a className="text-colbolt underline" href={`${downloads}/review-photos.zip?campaign=${campaignId}`}>
            {t`Download the reviews' photos (ZIP)`}
          </a>{' '}
          {t`Each photo at its display size, with photos.csv naming its review. The file is written as it downloads: your browser's downloads show its progress.`}
        </p>
      </Section>
      <Screener screener={results.screener} />
      <Profile profile={results.profile} />
      <Social social={results.social} />
    </div>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3" aria-label={title}>
      <h2 className="text-xl font-bold text-authentic">{title}</h2>
      {children}
    </section>
  )
}

const cell = 'border-b border-[#d5dbe3] py-1.5 pr-4'
const headerCell = `${cell} font-semibold`

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: Array<[string, ...Array<string | number>]> }) {
  const { i18n } = useLingui()
  const show = (value: string | number) => (typeof value === 'number' ? i18n.number(value) : value)
  return (
    <table className="w-full max-w-3xl text-left text-ink">
      <caption className="mb-1 text-left font-semibold">{caption}</caption>
      <thead>
        <tr>
          {head.map((label) => (
            <th key={label} scope="col" className={headerCell}>
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, ...values]) => (
          <tr key={label}>
            <th scope="row" className={headerCell}>
              {label}
            </th>
            {values.map((value, i) => (
              <td key={i} className={cell}>
                {show(value)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function Funnel({ flights }: { flights: FlightFunnel[] }) {
  const { t, i18n } = useLingui()
  const steps: Array<[string, (f: FlightFunnel) => number]> = [
    [t`Applied`, (f) => f.applied],
    [t`Eligible`, (f) => f.eligible],
    [t`Selected`, (f) => f.selected],
    [t`Waiting for a place`, (f) => f.waitlisted],
    [t`Shipped`, (f) => f.shipped],
    [t`Delivered`, (f) => f.delivered],
    [t`Reviewed`, (f) => f.reviewed],
    [t`Published`, (f) => f.published],
    [t`Completed`, (f) => f.completed],
    [t`Withdrawn`, (f) => f.withdrawn],
  ]
  return (
    <Section title={t`Funnel`}>
      {flights.map((flight) => {
        const median = flight.medianDaysShippedToReview
        const days = i18n.number(median ?? 0)
        return (
          <div key={flight.flightId} className="flex flex-col gap-1">
            <CountsChart
              layout="vertical"
              label={t`Chart of ${flight.name}'s funnel: the same figures as the table below.`}
              bars={steps.map(([name, of]) => ({ name, value: of(flight) }))}
            />
            <Table caption={t`${flight.name}: people at each step`} head={[t`Step`, t`People`]} rows={steps.map(([label, of]) => [label, of(flight)])} />
            <p className="text-ink">{median === null ? t`No review yet after shipping.` : t`From shipping to the review: ${days} days (median).`}</p>
          </div>
        )
      })}
    </Section>
  )
}

function Ratings({ ratings }: { ratings: CampaignResults['ratings'] }) {
  const { t, i18n } = useLingui()
  const average = ratings.average
  const [published, stars, withPhotos, disclosed] = [ratings.published, average ?? 0, ratings.withPhotos, ratings.withDisclosure].map((n) => i18n.number(n))
  return (
    <Section title={t`Ratings`}>
      <p className="text-ink">
        {average === null
          ? t`No published review yet.`
          : ratings.published === 1
            ? t`1 published review, ${stars} stars; ${withPhotos} with photos, ${disclosed} saying the product was received for free.`
            : t`${published} published reviews, ${stars} stars on average; ${withPhotos} with photos, ${disclosed} saying the product was received for free.`}
      </p>
      <CountsChart
        label={t`Chart of published reviews by stars: the same figures as the table below.`}
        bars={[...ratings.distribution].reverse().map(({ rating, reviews }) => ({ name: rating === 1 ? t`1 star` : t`${rating} stars`, value: reviews }))}
      />
      <Table
        caption={t`Published reviews by stars`}
        head={[t`Stars`, t`Reviews`]}
        rows={[...ratings.distribution].reverse().map(({ rating, reviews }) => [rating === 1 ? t`1 star` : t`${rating} stars`, reviews])}
      />
      {ratings.overTime.length > 0 && (
        <CountsChart
          label={t`Chart of reviews published each week: the same figures as the table below.`}
          bars={ratings.overTime.map((week) => ({ name: week.week, value: week.reviews }))}
        />
      )}
      {ratings.overTime.length > 0 && (
        <Table
          caption={t`Reviews published each week`}
          head={[t`Week of`, t`Reviews`, t`Average stars`]}
          rows={ratings.overTime.map((week) => [week.week, week.reviews, week.average])}
        />
      )}
    </Section>
  )
}

function useGroupCount() {
  const { t } = useLingui()
  const smallest = SMALLEST_GROUP
  return (group: Group): string | number => (group.people === null ? t`fewer than ${smallest}, or hidden with one that is` : group.people)
}

function Screener({ screener }: { screener: CampaignResults['screener'] }) {
  const { t } = useLingui()
  const count = useGroupCount()
  if (screener.length === 0) return null
  return (
    <Section title={t`Screener answers`}>
      {screener.map((question) =>
        question.kind === 'text' ? (
          <p key={question.questionId} className="text-ink">
            <span className="font-semibold">{question.prompt}</span>{' '}
            {t`${question.answered} answered in their own words (not shown: free text may say who wrote it).`}
          </p>
        ) : (
          <Table
            key={question.questionId}
            caption={t`${question.prompt} (${question.answered} answered)`}
            head={[t`Answer`, t`People`]}
            rows={question.options.map((option) => [option.label, count(option)])}
          />
        ),
      )}
    </Section>
  )
}

function Profile({ profile }: { profile: CampaignResults['profile'] }) {
  const { t } = useLingui()
  const testers = profile.testers
  const count = useGroupCount()
  const table = (caption: string, head: string, groups: Group[]) =>
    groups.length > 0 ? <Table caption={caption} head={[head, t`Testers`]} rows={groups.map((group) => [group.label, count(group)])} /> : null
  return (
    <Section title={t`Testers`}>
      <p className="text-ink">{profile.testers === 1 ? t`1 tester (an applicant selected).` : t`${testers} testers (applicants selected).`}</p>
      {table(t`Testers by country`, t`Country`, profile.countries)}
      {table(t`Testers by age`, t`Age`, profile.ageBands)}
      {table(t`Testers by standing when they applied`, t`Standing`, profile.tiers)}
    </Section>
  )
}

function Social({ social }: { social: CampaignResults['social'] }) {
  const { t, i18n } = useLingui()
  const posts = social.posts
  const reach = i18n.number(social.reach)
  return (
    <Section title={t`Social reach`}>
      <p className="text-ink">
        {posts === 1 ? t`1 post, reaching ${reach} people by its latest report.` : t`${posts} posts, reaching ${reach} people by the testers' latest reports.`}
      </p>
      {social.platforms.length > 0 && (
        <Table
          caption={t`Posts by platform`}
          head={[t`Platform`, t`Posts`, t`Reach`, t`Likes`, t`Comments`, t`Shares`]}
          rows={social.platforms.map((p) => [p.platform, p.posts, p.reach, p.likes, p.comments, p.shares])}
        />
      )}
    </Section>
  )
}
