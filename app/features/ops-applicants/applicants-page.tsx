import { useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import type { ParticipationStatus } from '#contract/participations'
import { APPLICANT_VIEWS, type Applicant, type ApplicantLink, type ApplicantView } from '#contract/ops-applicants'
import type { RefusalOf } from '#contract/refusals'
import { DataTable, Pager, type OpsColumn } from '~/components/ops/data-table'
import { ViewSwitch } from '~/components/ops/view-switch'
import { Button } from '~/components/ui/button'
import { CheckboxField, SelectField } from '~/components/ui/field'
import { feedback } from '~/components/ui/feedback-store'
import { ModalDialog } from '~/components/ui/modal-dialog'
import { formatDate } from '~/lib/date-format'
import { useLocale } from '~/lib/locale'
import { statusLabel } from '~/lib/participation-texts'
import { tierLabel } from '~/lib/standing-texts'
import type { ENDPOINTS } from '#contract/endpoints'
import { refusalOf, unwrap } from '~/upstream/upstream-result'
import { applicantViewLabel, ineligibleReasonLabel, linkKindShortLabel } from './applicant-labels'
import { chosenFlight, type ApplicantsAddress, type OpsCampaign, type OpsFlight } from './applicants-search'
import { APPLICANTS_PAGE_SIZE, selectApplicantsFn } from './ops-applicants.functions'
import { applicantsQuery, opsCampaignsQuery } from './ops-applicants.queries'
import { useSuspenseQueryData } from '~/lib/query-data'

/**
 * Applicants who can still be given a place: applied, on the waitlist, or told they were not chosen
 * when a curated flight's sign-up closed (a place that frees later may still go to them).
 */
const isWaiting = (applicant: Applicant) => applicant.status === 'applied' || applicant.status === 'waitlisted' || applicant.status === 'not-selected'

/** The selection's refusal for linked applicants: who, what they share, whether a linked account applied too. */
type LinkedApplicants = RefusalOf<typeof ENDPOINTS.opsSelect> & { code: 'linked-applicants' }

/**
 * Campaign managers: a campaign's flight, how full it is, and its applicants a page at a time (the
 * waiting ones in the order places are given, all or only those linked to other accounts), with
 * their screener answers and links; choosing waiting applicants and selecting them at once, within
 * the quota (the member API refuses more, and the error catalogue's dialog says so), confirming
 * first the choice of applicants linked to other accounts.
 */
export function ApplicantsPage({
  address,
  onSearch,
  readsMembers,
}: {
  address: ApplicantsAddress
  onSearch: (next: Partial<ApplicantsAddress>) => void
  /** May open member records (members:read): linked accounts link to theirs. */
  readsMembers: boolean
}) {
  const { t } = useLingui()
  const campaigns = useSuspenseQueryData(opsCampaignsQuery)
  const chosen = chosenFlight(campaigns, address)
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold text-authentic">{t`Applicants`}</h1>
        <p className="mt-2 text-ink">{t`Choose a campaign and a flight to see who applied, and give waiting applicants the places that are free.`}</p>
      </div>
      <FlightChooser
        key={`${chosen?.campaign.slug ?? ''}/${chosen?.flight.id ?? ''}`}
        campaigns={campaigns.items}
        campaign={chosen?.campaign}
        flight={chosen?.flight}
        onChoose={(campaign, flight) => onSearch({ campaign, flight, page: 1 })}
      />
      {chosen ? (
        <FlightApplicants
          key={`${chosen.flight.id}/${address.view}/${address.page}/${address.linked ?? ''}`}
          campaign={chosen.campaign}
          flight={chosen.flight}
          view={address.view}
          page={address.page}
          linked={address.linked}
          readsMembers={readsMembers}
          onSearch={onSearch}
        />
      ) : (
        <p className="text-ink">{campaigns.items.length === 0 ? t`There is no campaign yet.` : t`No campaign is chosen yet.`}</p>
      )}
    </div>
  )
}

function FlightChooser({
  campaigns,
  campaign,
  flight,
  onChoose,
}: {
  campaigns: OpsCampaign[]
  campaign: OpsCampaign | undefined
  flight: OpsFlight | undefined
  onChoose: (campaign: string, flight: string) => void
}) {
  const { t } = useLingui()
  const [slug, setSlug] = useState(campaign?.slug ?? '')
  const [flightId, setFlightId] = useState(flight?.id ?? '')
  const [problem, setProblem] = useState(false)
  const flights = campaigns.find((item) => item.slug === slug)?.flights ?? []
  return (
    <form
      noValidate
      aria-label={t`Choose a flight`}
      className="flex flex-wrap items-end gap-3 rounded-xl border border-line bg-white p-4"
      onSubmit={(event) => {
        event.preventDefault()
        const target = flights.find((item) => item.id === flightId) ?? flights[0]
        if (!slug || !target) return setProblem(true)
        setProblem(false)
        onChoose(slug, target.id)
      }}
    >
      <SelectField
        label={t`Campaign`}
        value={slug}
        onChange={(event) => {
          setSlug(event.target.value)
          setFlightId(campaigns.find((item) => item.slug === event.target.value)?.flights[0]?.id ?? '')
        }}
        error={problem ? t`Choose the campaign whose applicants you want to see.` : undefined}
        options={[{ value: '', label: t`Choose a campaign` }, ...campaigns.map((item) => ({ value: item.slug, label: item.title }))]}
        className="max-w-md"
      />
      <SelectField
        label={t`Flight`}
        value={flightId}
        disabled={flights.length === 0}
        onChange={(event) => setFlightId(event.target.value)}
        options={flights.map((item) => {
          const { name, placesTaken, quota } = item
          const waiting = item.applied + item.waitlisted
          return { value: item.id, label: t`${name}: ${placesTaken} of ${quota} places taken, ${waiting} waiting` }
        })}
      />
      <Button type="submit" severity="secondary">
        {t`Show applicants`}
      </Button>
    </form>
  )
}

function FlightApplicants({
  campaign,
  flight,
  view,
  page,
  linked,
  readsMembers,
  onSearch,
}: {
  campaign: OpsCampaign
  flight: OpsFlight
  view: ApplicantView
  page: number
  linked: 'yes' | undefined
  readsMembers: boolean
  onSearch: (next: Partial<ApplicantsAddress>) => void
}) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const data = useSuspenseQueryData(applicantsQuery({ flightId: flight.id, view, page, linked }))
  // A selection refused for linked applicants, with the ids it chose: the dialog shows why and sends it again once confirmed.
  const [linkedRefusal, setLinkedRefusal] = useState<{ participationIds: string[]; refusal: LinkedApplicants } | null>(null)
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set())
  // Applicants a selection was refused for under the one-tester-per-household rule: marked in the table and unchosen.
  const [householdRefused, setHouseholdRefused] = useState<ReadonlySet<string>>(new Set())
  const placesId = useId()
  const countries = new Intl.DisplayNames([i18n.locale], { type: 'region' })

  const waitingRows = data.items.filter(isWaiting)
  // Only what is on the page and still waiting counts (the table is read again after each selection).
  const chosenIds = waitingRows.filter((row) => chosen.has(row.participationId)).map((row) => row.participationId)
  const chosenCount = chosenIds.length
  const allChosen = waitingRows.length > 0 && chosenIds.length === waitingRows.length
  const toggle = (id: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })

  const select = useMutation({
    mutationFn: async ({ participationIds, confirmLinked }: { participationIds: string[]; confirmLinked: boolean }) =>
      unwrap(await selectApplicantsFn({ data: { flightId: flight.id, participationIds, confirmLinked } })),
    onSuccess: (result) => {
      setLinkedRefusal(null)
      const count = result.selected.length
      const { placesTaken, quota } = result
      feedback.toast({
        severity: 'success',
        summary: count === 1 ? t`1 tester selected` : t`${count} testers selected`,
        detail: t`${placesTaken} of ${quota} places are taken now. Each new tester is told by e-mail.`,
      })
      setChosen(new Set())
      setHouseholdRefused(new Set())
    },
    onError: (error, { participationIds }) => {
      const refusal = refusalOf<typeof ENDPOINTS.opsSelect>(error)
      setLinkedRefusal(refusal?.code === 'linked-applicants' ? { participationIds, refusal } : null)
      if (refusal?.code !== 'household') return
      const refused = new Set(refusal.participationIds)
      setHouseholdRefused(refused)
      setChosen((current) => new Set([...current].filter((id) => !refused.has(id))))
    },
    // Selected or refused (the flight filled up meanwhile, say), the flight and its table are read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['member', 'ops', 'applicants'] }),
  })

  const { quota, placesTaken } = data.flight
  const left = Math.max(0, quota - placesTaken)
  const waiting = flight.applied + flight.waitlisted
  const viewName = i18n._(applicantViewLabel[view])
  const flightTitle = `${campaign.title}, ${flight.name}`

  const columns: OpsColumn<Applicant>[] = [
    {
      id: 'choose',
      header: t`Choose`,
      cell: ({ row }) => {
        const applicant = row.original
        if (!isWaiting(applicant)) return <span className="text-muted">—</span>
        const name = applicant.displayName
        const place = applicant.place ?? 0
        return (
          <input
            type="checkbox"
            className="size-5 accent-toga"
            aria-label={t`Choose ${name}, place ${place}`}
            checked={chosen.has(applicant.participationId)}
            onChange={(event) => toggle(applicant.participationId, event.target.checked)}
          />
        )
      },
    },
    { id: 'place', header: t`Place`, cell: ({ row }) => row.original.place ?? '—' },
    {
      id: 'name',
      header: t`Name`,
      cell: ({ row }) => {
        const status = statusLabel[row.original.status as ParticipationStatus]
        return (
          <>
            <span className="font-semibold">{row.original.displayName}</span>
            <span className="block text-muted">{status ? i18n._(status) : row.original.status}</span>
            {householdRefused.has(row.original.participationId) && (
              <span className="block font-semibold text-danger">{t`One tester per household: someone at this address has a place or was chosen with them`}</span>
            )}
          </>
        )
      },
    },
    { id: 'tier', header: t`Tier`, cell: ({ row }) => i18n._(tierLabel[row.original.tier as keyof typeof tierLabel] ?? tierLabel.newcomer) },
    { id: 'country', header: t`Country`, cell: ({ row }) => (row.original.country ? (countries.of(row.original.country) ?? row.original.country) : '—') },
    { id: 'applied', header: t`Applied`, cell: ({ row }) => formatDate(row.original.appliedAt) },
    { id: 'tests', header: t`Finished tests`, cell: ({ row }) => row.original.completedTests },
    { id: 'answers', header: t`Screener answers`, cell: ({ row }) => <Answers applicant={row.original} /> },
    { id: 'links', header: t`Links`, cell: ({ row }) => <Links applicant={row.original} readsMembers={readsMembers} /> },
  ]

  return (
    <section aria-labelledby="flight-title" className="flex flex-col gap-4">
      <div>
        <h2 id="flight-title" className="text-xl font-bold text-authentic">
          {flightTitle}
        </h2>
        <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-ink">
          <div className="flex gap-2">
            <dt className="font-semibold">{t`Quota`}</dt>
            <dd>{quota}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="font-semibold">{t`Places taken`}</dt>
            <dd>{placesTaken}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="font-semibold">{t`Places left`}</dt>
            <dd>{left}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="font-semibold">{t`Waiting`}</dt>
            <dd>{waiting}</dd>
          </div>
        </dl>
      </div>
      <ViewSwitch
        label={t`Which applicants`}
        views={APPLICANT_VIEWS.map((value) => ({ value, label: i18n._(applicantViewLabel[value]) }))}
        value={view}
        onChange={(next) => onSearch({ view: next, page: 1 })}
      />
      <CheckboxField
        label={t`Only applicants linked to other accounts`}
        description={t`Accounts that share an e-mail or postal address, a phone, a payout account, a device or a network address, unless marked “not the same person”.`}
        checked={linked === 'yes'}
        onChange={(event) => onSearch({ linked: event.target.checked ? 'yes' : undefined, page: 1 })}
      />
      {view === 'waiting' && <p className="text-sm text-ink">{t`In serving order: the highest standing tier at sign-up first, then who signed up first.`}</p>}
      {waitingRows.length > 0 && (
        <div className="flex flex-wrap items-center gap-4 rounded-xl bg-canvas p-3">
          <CheckboxField
            label={t`Choose all waiting applicants on this page`}
            checked={allChosen}
            onChange={(event) => setChosen(new Set(event.target.checked ? waitingRows.map((row) => row.participationId) : []))}
          />
          <Button
            onClick={() => {
              if (chosenIds.length > 0 && !select.isPending) select.mutate({ participationIds: chosenIds, confirmLinked: false })
            }}
            loading={select.isPending}
            unavailable={chosenIds.length === 0}
            aria-describedby={placesId}
          >
            {t`Select ${chosenCount} chosen`}
          </Button>
          <p id={placesId} className="text-sm text-ink">
            {left === 1 ? t`1 place is left in this flight.` : t`${left} places are left in this flight.`}
          </p>
        </div>
      )}
      <div>
        <DataTable
          caption={t`Applicants of ${flightTitle}: ${viewName}`}
          columns={columns}
          rows={data.items}
          rowId={(row) => row.participationId}
          empty={t`No applicant in this view.`}
        />
        <Pager page={data.page} pageSize={APPLICANTS_PAGE_SIZE} total={data.total} onPage={(next) => onSearch({ page: next })} />
      </div>
      <ModalDialog
        open={linkedRefusal !== null}
        onClose={() => setLinkedRefusal(null)}
        title={t`Select linked applicants?`}
        description={t`These applicants are linked to other accounts: they may be one person or one household applying more than once.`}
        testId="linked-applicants-dialog"
      >
        {linkedRefusal && <LinkedApplicantsList refusal={linkedRefusal.refusal} rows={data.items} />}
        <div className="mt-6 flex justify-end gap-3">
          <Button severity="secondary" onClick={() => setLinkedRefusal(null)}>
            {t`Go back`}
          </Button>
          <Button
            loading={select.isPending}
            onClick={() => {
              if (linkedRefusal && !select.isPending) select.mutate({ participationIds: linkedRefusal.participationIds, confirmLinked: true })
            }}
          >
            {t`Select them anyway`}
          </Button>
        </div>
      </ModalDialog>
    </section>
  )
}

/** What the applicant's links share, in a word or two each. */
function useKinds() {
  const { i18n } = useLingui()
  return (kinds: ApplicantLink['kinds']) => kinds.map((kind) => i18n._(linkKindShortLabel[kind])).join(', ')
}

/**
 * The applicant's links that count: how many accounts, and (the first few of) them with what they
 * share, those who applied to this campaign too first and flagged: probably the same person or
 * household applying twice.
 */
function Links({ applicant, readsMembers }: { applicant: Applicant; readsMembers: boolean }) {
  const { t } = useLingui()
  const locale = useLocale()
  const kindsOf = useKinds()
  const count = applicant.linkedAccounts
  if (count === 0) return <span className="text-muted">—</span>
  const more = count - applicant.links.length
  return (
    <div className="flex max-w-xs flex-col gap-1">
      <span className="font-semibold">{count === 1 ? t`1 linked account` : t`${count} linked accounts`}</span>
      <ul className="flex flex-col gap-1">
        {applicant.links.map((link) => {
          const kinds = kindsOf(link.kinds)
          return (
            <li key={link.memberId}>
              {readsMembers ? (
                <Link to="/$locale/ops/members/$memberId" params={{ locale, memberId: link.memberId }} className="text-authentic underline underline-offset-2">
                  {link.displayName}
                </Link>
              ) : (
                <span>{link.displayName}</span>
              )}
              <span className="text-muted"> {t`(${kinds})`}</span>
              {link.inThisCampaign && <span className="block font-semibold text-danger">{t`Applied to this campaign too`}</span>}
            </li>
          )
        })}
      </ul>
      {more > 0 && <span className="text-muted">{t`and ${more} more`}</span>}
    </div>
  )
}

/** The refused selection's linked applicants, each with what their links share and who among them applied too. */
function LinkedApplicantsList({ refusal, rows }: { refusal: LinkedApplicants; rows: Applicant[] }) {
  const { t } = useLingui()
  const kindsOf = useKinds()
  return (
    <ul className="flex flex-col gap-3">
      {refusal.applicants.map((linked) => {
        const row = rows.find((item) => item.participationId === linked.participationId)
        const name = row?.displayName ?? linked.participationId
        const kinds = kindsOf(linked.kinds)
        const applicants = (row?.links ?? [])
          .filter((link) => link.inThisCampaign)
          .map((link) => link.displayName)
          .join(', ')
        return (
          <li key={linked.participationId} className="rounded-lg border border-line p-3">
            <span className="block font-semibold text-ink">{name}</span>
            <span className="block text-ink">{t`Shares: ${kinds}`}</span>
            {linked.inThisCampaign && (
              <span className="block font-semibold text-danger">
                {applicants ? t`Probably the same person or household as ${applicants}, who applied too` : t`A linked account applied to this campaign too`}
              </span>
            )}
          </li>
        )
      })}
    </ul>
  )
}

/** The screener's questions with the applicant's answers, and why they were not eligible if they were not. */
function Answers({ applicant }: { applicant: Applicant }) {
  const { t, i18n } = useLingui()
  const reasons = applicant.ineligibleReasons
    .map((code) => {
      const label = ineligibleReasonLabel[code as keyof typeof ineligibleReasonLabel]
      return label ? i18n._(label) : code
    })
    .join(', ')
  if (applicant.answers.length === 0 && !reasons) return <span className="text-muted">—</span>
  return (
    <>
      {applicant.answers.length > 0 && (
        <dl className="flex max-w-md flex-col gap-1">
          {applicant.answers.map((answer) => (
            <div key={answer.question}>
              <dt className="text-muted">{answer.question}</dt>
              <dd className="font-semibold">{answer.answer}</dd>
            </div>
          ))}
        </dl>
      )}
      {reasons && <p className="mt-1 text-danger">{t`Not eligible: ${reasons}`}</p>}
    </>
  )
}
