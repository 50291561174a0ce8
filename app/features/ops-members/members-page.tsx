import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect } from 'react'
import * as v from 'valibot'
import { MemberSearchQuerySchema, type MemberSearchResult } from '#contract/ops-members'
import { DataTable, Pager, type OpsColumn } from '~/components/ops/data-table'
import { ContractForm, useAppForm } from '~/lib/contract-form'
import { formatDate } from '~/lib/date-format'
import { useLocale } from '~/lib/locale'
import { MEMBERS_PAGE_SIZE, type MemberSearchInput } from './ops-members.functions'
import { memberSearchQuery } from './ops-members.queries'
import { DeletedMarker, SuspendedMarker } from './member-texts'
import { useSuspenseQueryData } from '~/lib/query-data'

/** The search field checked by the contract's own rule for the text (trimmed, 2 to 120 characters). */
const SearchFormSchema = v.object({ q: MemberSearchQuerySchema.entries.q })

type MemberHit = MemberSearchResult['items'][number]

/**
 * Support finds a member by e-mail, name or referral code: the text is in the address (?q=), the
 * member API searches and pages, and each result leads to the member's record.
 */
export function MembersPage({ text, input, onSearch }: { text: string; input: MemberSearchInput | null; onSearch: (next: MemberSearchInput) => void }) {
  const { t } = useLingui()
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold text-authentic">{t`Members`}</h1>
        <p className="mt-2 text-ink">{t`Find a member to read their record and act on their request. Every action is in the audit log.`}</p>
      </div>
      <SearchForm key={text} text={text} onSearch={onSearch} />
      {input ? <SearchResults input={input} onPage={(page) => onSearch({ ...input, page })} /> : null}
    </div>
  )
}

function SearchForm({ text, onSearch }: { text: string; onSearch: (next: MemberSearchInput) => void }) {
  const { t } = useLingui()
  const invalid = t`Type at least 2 characters: an e-mail address, a name or a referral code.`
  const form = useAppForm({
    defaultValues: { q: text },
    validators: { onSubmit: SearchFormSchema },
    // The schema has passed: the text is sent trimmed, from the first page.
    onSubmit: ({ value }) => onSearch({ q: v.parse(SearchFormSchema, value).q, page: 1 }),
  })
  // A text in the address that is too short is said beside the field as soon as the page runs.
  const tooShort = text.trim() !== '' && !v.is(SearchFormSchema, { q: text })
  useEffect(() => {
    if (tooShort) void form.validate('submit')
  }, [form, tooShort])
  return (
    <ContractForm form={form} label={t`Find a member`} className="flex max-w-xl flex-col items-start gap-3 rounded-xl border border-line bg-white p-4">
      <form.AppField name="q">
        {(field) => (
          <field.TextInput
            label={t`E-mail, name or referral code`}
            description={t`The start of an e-mail address, of a first, last or full name, or a whole referral code.`}
            invalid={invalid}
            type="search"
            autoComplete="off"
            spellCheck={false}
            maxLength={120}
            className="w-full"
          />
        )}
      </form.AppField>
      <form.SubmitButton>{t`Search`}</form.SubmitButton>
    </ContractForm>
  )
}

function SearchResults({ input, onPage }: { input: MemberSearchInput; onPage: (page: number) => void }) {
  const { t } = useLingui()
  const locale = useLocale()
  const data = useSuspenseQueryData(memberSearchQuery(input))
  const { q } = input
  const columns: OpsColumn<MemberHit>[] = [
    {
      id: 'member',
      header: t`Display name`,
      cell: ({ row }) => (
        <span className="flex flex-wrap items-center gap-2">
          <Link
            to="/$locale/ops/members/$memberId"
            params={{ locale, memberId: row.original.memberId }}
            search={{ q }}
            className="font-semibold text-authentic underline underline-offset-2"
          >
            {row.original.displayName}
          </Link>
          {row.original.deleted && <DeletedMarker />}
          {row.original.suspended && <SuspendedMarker />}
        </span>
      ),
    },
    { id: 'name', header: t`Full name`, cell: ({ row }) => row.original.name },
    { id: 'email', header: t`E-mail`, cell: ({ row }) => row.original.email ?? '' },
    { id: 'referral', header: t`Referral code`, cell: ({ row }) => <span className="font-mono">{row.original.referralCode}</span> },
    { id: 'since', header: t`Member since`, cell: ({ row }) => formatDate(row.original.createdAt) },
  ]
  return (
    <section aria-labelledby="member-results-heading" className="flex flex-col gap-3">
      <h2 id="member-results-heading" className="text-xl font-bold text-authentic">
        {data.total === 1 ? t`1 member found for “${q}”` : t`${data.total} members found for “${q}”`}
      </h2>
      <div>
        <DataTable
          caption={t`Members matching “${q}”`}
          columns={columns}
          rows={data.items}
          rowId={(row) => row.memberId}
          empty={t`No member matches “${q}”. Try the start of the e-mail address or of a name, or the whole referral code.`}
        />
        {data.total > MEMBERS_PAGE_SIZE && <Pager page={data.page} pageSize={MEMBERS_PAGE_SIZE} total={data.total} onPage={onPage} />}
      </div>
    </section>
  )
}
