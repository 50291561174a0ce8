import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { ArrowLeft } from 'lucide-react'
import { useRef, useState, type ReactNode } from 'react'
import type { MessageChannel } from '#contract/outbox'
import type { ParticipationStatus } from '#contract/participations'
import type { AccountLink, OpsMember } from '#contract/ops-members'
import { DataTable, type OpsColumn } from '~/components/ops/data-table'
import { Button } from '~/components/ui/button'
import { FormAlert } from '~/components/ui/field'
import { formatDate } from '~/lib/date-format'
import { useLocale } from '~/lib/locale'
import { statusLabel } from '~/lib/participation-texts'
import { tierLabel } from '~/lib/standing-texts'
import { cn } from '~/lib/cn'
import { channelLabel, DeletedMarker, linkKindLabel, SuspendedMarker, topicLabel } from './member-texts'
import { opsMemberQuery } from './ops-members.queries'
import { GoodwillForm, ResendVerification, WithdrawForm } from './support-actions'
import { RuleNotSamePerson, RulingNote, WithdrawRuling } from './link-rulings'
import { SuspensionSection } from './suspension-actions'
import { useSuspenseQueryData } from '~/lib/query-data'

type Participation = OpsMember['participations'][number]
/** History rows carry no id of their own: their place in the list is their key. */
type PointsEntry = OpsMember['points'][number] & { key: string }
type Message = OpsMember['messages'][number] & { key: string }
const keyed = <Row,>(rows: Row[]) => rows.map((row, index) => ({ ...row, key: String(index) }))

/** What the staff person may do here, from the capabilities their roles grant (the member API checks each call again). */
export type SupportAbilities = { act: boolean; seeContact: boolean }

/**
 * A member's record for support: who they are, their standing, points, participations and the
 * messages sent to them; with members:act, the actions taken on the member's request.
 */
export function MemberRecordPage({ memberId, searched, abilities }: { memberId: string; searched: string | undefined; abilities: SupportAbilities }) {
  const { t } = useLingui()
  const locale = useLocale()
  const member = useSuspenseQueryData(opsMemberQuery(memberId))
  const canAct = abilities.act && !member.deleted
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-3">
        <Link
          to="/$locale/ops/members"
          params={{ locale }}
          search={searched ? { q: searched } : {}}
          className="inline-flex items-center gap-1 self-start text-sm text-authentic underline underline-offset-2"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {searched ? t`Back to the members found for “${searched}”` : t`Find another member`}
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold text-authentic">{member.displayName}</h1>
          {member.deleted && <DeletedMarker />}
          {member.suspension && <SuspendedMarker />}
        </div>
        {member.deleted && (
          <FormAlert tone="info">{t`This account was deleted: its personal details are gone, and nothing can be done for it any more.`}</FormAlert>
        )}
      </div>
      <AccountDetails member={member} seeContact={abilities.seeContact} />
      {canAct && (
        <section aria-labelledby="support-actions-heading" className="flex flex-col gap-4">
          <h2 id="support-actions-heading" className="text-xl font-bold text-authentic">
            {t`Support actions`}
          </h2>
          <div className="grid gap-4 lg:grid-cols-2">
            <GoodwillForm member={member} />
            {!member.emailVerified && <ResendVerification member={member} />}
            <SuspensionSection member={member} />
          </div>
        </section>
      )}
      <LinkedAccounts member={member} canAct={canAct} />
      <PointsHistory member={member} />
      <Participations member={member} canAct={canAct} />
      <Messages messages={member.messages} />
    </div>
  )
}

function AccountDetails({ member, seeContact }: { member: OpsMember; seeContact: boolean }) {
  const { t, i18n } = useLingui()
  const tier = i18n._(tierLabel[member.standing.tier as keyof typeof tierLabel] ?? tierLabel.newcomer)
  const score = member.standing.score
  // A contact detail is missing because the account is gone, because this role may not see it, or because there is none.
  const absent = member.deleted ? t`Deleted with the account` : seeContact ? t`None` : t`Not shown to your role`
  const rows: Array<[string, ReactNode]> = [
    [t`Name`, member.name || absent],
    [t`Display name`, member.displayName],
    [
      t`E-mail`,
      <span key="email" className="flex flex-wrap items-center gap-2">
        <span className="break-all">{member.email ?? absent}</span>
        <span
          className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', member.emailVerified ? 'bg-[#e7f4ee] text-[#12402f]' : 'bg-[#fdf1e4] text-[#6b3a00]')}
        >
          {member.emailVerified ? t`Verified` : t`Not verified`}
        </span>
      </span>,
    ],
    [t`Phone`, member.phone ?? absent],
    [
      t`Referral code`,
      <span key="referral" className="font-mono">
        {member.referralCode}
      </span>,
    ],
    [t`Member since`, formatDate(member.createdAt)],
    [t`Standing`, t`${tier}, score ${score}`],
  ]
  return (
    <section aria-labelledby="account-heading" className="flex flex-col gap-3">
      <h2 id="account-heading" className="text-xl font-bold text-authentic">
        {t`Account`}
      </h2>
      <dl className="grid gap-x-6 gap-y-2 rounded-xl border border-line bg-white p-4 sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-ink">{label}</dt>
            <dd className="text-ink">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

/** One linked account with everything it shares with the member (one link per kind), and the pair's ruling. */
type LinkedAccount = Omit<AccountLink, 'kind'> & { kinds: AccountLink['kind'][] }

/** The member's links, one row per linked account: the kinds it shares, first and last seen over them, in the order given (last seen first). */
function byAccount(links: AccountLink[]): LinkedAccount[] {
  const accounts = new Map<string, LinkedAccount>()
  for (const { kind, ...link } of links) {
    const account = accounts.get(link.memberId)
    if (!account) accounts.set(link.memberId, { ...link, kinds: [kind] })
    else {
      account.kinds.push(kind)
      if (link.firstSeenAt < account.firstSeenAt) account.firstSeenAt = link.firstSeenAt
      if (link.lastSeenAt > account.lastSeenAt) account.lastSeenAt = link.lastSeenAt
    }
  }
  return [...accounts.values()]
}

/**
 * Other accounts that share something with this member that suggests one person or one household
 * (an e-mail or postal address in their normal forms, a phone, a payout account, a device, a
 * network address), for staff to weigh (members never see it). With members:act, staff mark a pair
 * "not the same person" (with a note) and the pair's links stop counting; the row stays, with the note.
 */
function LinkedAccounts({ member, canAct }: { member: OpsMember; canAct: boolean }) {
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const columns: OpsColumn<LinkedAccount>[] = [
    {
      id: 'account',
      header: t`Account`,
      cell: ({ row }) => (
        <Link
          to="/$locale/ops/members/$memberId"
          params={{ locale, memberId: row.original.memberId }}
          className="font-semibold text-authentic underline underline-offset-2"
        >
          {row.original.displayName || row.original.memberId}
        </Link>
      ),
    },
    {
      id: 'kind',
      header: t`What they share`,
      cell: ({ row }) => (
        <ul className="flex flex-col gap-1">
          {row.original.kinds.map((kind) => (
            <li key={kind}>{i18n._(linkKindLabel[kind])}</li>
          ))}
        </ul>
      ),
    },
    { id: 'first', header: t`First seen`, cell: ({ row }) => formatDate(row.original.firstSeenAt) },
    { id: 'last', header: t`Last seen`, cell: ({ row }) => formatDate(row.original.lastSeenAt) },
    {
      id: 'ruling',
      header: t`Same person?`,
      cell: ({ row }) => {
        const linked = { memberId: row.original.memberId, displayName: row.original.displayName || row.original.memberId }
        const { ruling } = row.original
        if (ruling)
          return (
            <span className="flex flex-col items-start gap-2">
              <RulingNote ruling={ruling} />
              {canAct && <WithdrawRuling member={member} linked={linked} />}
            </span>
          )
        return canAct ? <RuleNotSamePerson member={member} linked={linked} /> : <span className="text-muted">{t`Not ruled on`}</span>
      },
    },
  ]
  return (
    <section aria-labelledby="links-heading" className="flex flex-col gap-3">
      <h2 id="links-heading" className="text-xl font-bold text-authentic">
        {t`Linked accounts`}
      </h2>
      <p className="text-ink">{t`Accounts that share something with this member that suggests one person or one household. Members are not shown this.`}</p>
      <DataTable
        caption={t`Linked accounts, last seen first`}
        columns={columns}
        rows={byAccount(member.links)}
        rowId={(row) => row.memberId}
        empty={t`No linked accounts.`}
      />
    </section>
  )
}

function PointsHistory({ member }: { member: OpsMember }) {
  const { t } = useLingui()
  const balance = member.pointsBalance
  const columns: OpsColumn<PointsEntry>[] = [
    { id: 'at', header: t`Date`, cell: ({ row }) => formatDate(row.original.at) },
    { id: 'reason', header: t`What for`, cell: ({ row }) => row.original.reason },
    {
      id: 'points',
      header: t`Points`,
      cell: ({ row }) => {
        const { points } = row.original
        return <span className={cn('font-semibold', points >= 0 ? 'text-verdin' : 'text-danger')}>{points >= 0 ? `+${points}` : `−${-points}`}</span>
      },
    },
  ]
  return (
    <section aria-labelledby="points-heading" className="flex flex-col gap-3">
      <h2 id="points-heading" className="text-xl font-bold text-authentic">
        {t`Points history`}
      </h2>
      <p className="text-ink">{t`Balance: ${balance} points.`}</p>
      <DataTable caption={t`Points history, newest first`} columns={columns} rows={keyed(member.points)} rowId={(row) => row.key} empty={t`No points yet.`} />
    </section>
  )
}

function Participations({ member, canAct }: { member: OpsMember; canAct: boolean }) {
  const { t, i18n } = useLingui()
  const [withdrawing, setWithdrawing] = useState<Participation | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const section = useRef<HTMLElement>(null)
  const close = (participation: Participation, withdrawn: boolean) => {
    setWithdrawing(null)
    // The button that opened the form is gone once the participation is withdrawn: focus goes to the list's heading.
    requestAnimationFrame(() => {
      const button = section.current?.querySelector<HTMLElement>(`[data-withdraw="${participation.participationId}"]`)
      if (!withdrawn && button) button.focus()
      else heading.current?.focus()
    })
  }
  const columns: OpsColumn<Participation>[] = [
    { id: 'campaign', header: t`Campaign`, cell: ({ row }) => row.original.campaignTitle },
    { id: 'flight', header: t`Flight`, cell: ({ row }) => row.original.flightName },
    {
      id: 'status',
      header: t`Status`,
      cell: ({ row }) => {
        const label = statusLabel[row.original.status as ParticipationStatus]
        return label ? i18n._(label) : row.original.status
      },
    },
    { id: 'applied', header: t`Applied`, cell: ({ row }) => formatDate(row.original.appliedAt) },
  ]
  if (canAct)
    columns.push({
      id: 'action',
      header: t`Action`,
      cell: ({ row }) => {
        const participation = row.original
        if (!participation.withdrawable) return null
        const open = withdrawing?.participationId === participation.participationId
        const { campaignTitle, flightName } = participation
        return (
          <Button
            size="small"
            severity="danger"
            variant="outlined"
            data-withdraw={participation.participationId}
            aria-label={t`Withdraw on the member's request from ${campaignTitle}, ${flightName}`}
            aria-expanded={open}
            aria-controls={open ? 'withdraw-form' : undefined}
            onClick={() => setWithdrawing(open ? null : participation)}
          >
            {t`Withdraw on the member's request`}
          </Button>
        )
      },
    })
  return (
    <section ref={section} aria-labelledby="participations-heading" className="flex flex-col gap-3">
      <h2 ref={heading} id="participations-heading" tabIndex={-1} className="text-xl font-bold text-authentic focus:outline-2 focus:outline-colbolt">
        {t`Participations`}
      </h2>
      <DataTable
        caption={t`Participations, newest first`}
        columns={columns}
        rows={member.participations}
        rowId={(row) => row.participationId}
        empty={t`No participation yet.`}
      />
      {withdrawing && (
        <WithdrawForm key={withdrawing.participationId} member={member} participation={withdrawing} onClose={(withdrawn) => close(withdrawing, withdrawn)} />
      )}
    </section>
  )
}

function Messages({ messages }: { messages: OpsMember['messages'] }) {
  const { t, i18n } = useLingui()
  const columns: OpsColumn<Message>[] = [
    {
      id: 'channel',
      header: t`Channel`,
      cell: ({ row }) => {
        const label = channelLabel[row.original.channel as MessageChannel]
        return label ? i18n._(label) : row.original.channel
      },
    },
    { id: 'topic', header: t`Topic`, cell: ({ row }) => i18n._(topicLabel[row.original.topic]) },
    { id: 'subject', header: t`Subject`, cell: ({ row }) => row.original.subject ?? t`(no subject)` },
    { id: 'created', header: t`Created`, cell: ({ row }) => formatDate(row.original.createdAt) },
    {
      id: 'status',
      header: t`Status`,
      cell: ({ row }) => {
        const m = row.original
        if (m.status === 'sent') return t`Sent ${formatDate(m.sentAt ?? m.createdAt)}`
        if (m.status === 'failed') return t`Failed after ${m.attempts} tries`
        if (m.status === 'withheld') return t`Not sent: turned off or account deleted`
        return m.dueAt ? t`Waiting, due ${formatDate(m.dueAt)}` : t`Waiting`
      },
    },
  ]
  return (
    <section aria-labelledby="messages-heading" className="flex flex-col gap-3">
      <h2 id="messages-heading" className="text-xl font-bold text-authentic">
        {t`Messages sent to the member`}
      </h2>
      <p className="text-sm text-ink">{t`The newest 50, without their text: a message waits while it is held for the morning or retried, and fails after its last try.`}</p>
      <DataTable
        caption={t`Messages sent to the member, newest first`}
        columns={columns}
        rows={keyed(messages)}
        rowId={(row) => row.key}
        empty={t`No message sent yet.`}
      />
    </section>
  )
}
