import { useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState, type RefObject } from 'react'
import * as v from 'valibot'
import { REJECTION_REASONS, RejectionReasonSchema, type RejectionReason } from '#contract/review-rejection'
import type { QueuedReview, ReviewDecisionBody } from '#contract/ops-moderation'
import { DataTable, Pager, type OpsColumn } from '~/components/ops/data-table'
import { Button } from '~/components/ui/button'
import { FormAlert, SelectField, TextField } from '~/components/ui/field'
import { feedback } from '~/components/ui/feedback-store'
import { ContractForm, useAppForm } from '~/lib/contract-form'
import { formatDate } from '~/lib/date-format'
import { tierLabel } from '~/lib/standing-texts'
import { unwrap } from '~/upstream/upstream-result'
import { decideReviewFn, MODERATION_PAGE_SIZE, type ModerationInput } from './moderation.functions'
import { moderationQueueQuery } from './moderation.queries'
import { rejectionReasonLabel } from './rejection-labels'
import { useSuspenseQueryData } from '~/lib/query-data'

export type ModerationSearch = ModerationInput & { review?: string | undefined }

/** Keys that act on the queue when focus is not in a field: move, approve, reject. */
const SHORTCUTS = { next: 'j', previous: 'k', approve: 'a', reject: 'r' } as const

function typingIn(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
}

/**
 * The moderation queue: waiting reviews, oldest first, a page at a time (filtered, sorted and paged
 * by the member API), and the review open beside it with everything a decision needs. By keyboard:
 * j and k move through the queue, a approves, r goes to the rejection reasons.
 */
export function ModerationPage({ search, onSearch }: { search: ModerationSearch; onSearch: (next: Partial<ModerationSearch>, replace?: boolean) => void }) {
  const { t, i18n } = useLingui()
  const { review: openId, ...input } = search
  const data = useSuspenseQueryData(moderationQueueQuery(input))
  const open = data.items.find((item) => item.id === openId) ?? data.items[0] ?? null
  const openIndex = open ? data.items.indexOf(open) : -1
  const panel = useRef<HTMLElement>(null)
  const reasonArea = useRef<HTMLDivElement>(null)

  const openReview = (review: QueuedReview | undefined, focusPanel = false) => {
    if (!review) return
    onSearch({ review: review.id }, true)
    if (focusPanel) requestAnimationFrame(() => panel.current?.focus())
  }

  const decided = useDecision(open, data.items[openIndex + 1] ?? data.items[openIndex - 1], (next) => onSearch({ review: next?.id }, true))

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || typingIn(event.target) || !open) return
      if (event.key === SHORTCUTS.next) openReview(data.items[openIndex + 1], true)
      else if (event.key === SHORTCUTS.previous) openReview(data.items[openIndex - 1], true)
      else if (event.key === SHORTCUTS.approve) decided.approve()
      else if (event.key === SHORTCUTS.reject) {
        event.preventDefault()
        reasonArea.current?.querySelector('select')?.focus()
      } else return
      event.preventDefault()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  })

  const columns: OpsColumn<QueuedReview>[] = [
    { id: 'submitted', header: t`Sent`, cell: ({ row }) => formatDate(row.original.submittedAt) },
    {
      id: 'product',
      header: t`Product and campaign`,
      cell: ({ row }) => (
        <>
          <span className="font-semibold">{row.original.productName}</span>
          <span className="block text-muted">{row.original.campaignSlug}</span>
        </>
      ),
    },
    { id: 'rating', header: t`Rating`, cell: ({ row }) => t`${row.original.rating} of 5` },
    { id: 'title', header: t`Title`, cell: ({ row }) => row.original.title },
    {
      id: 'author',
      header: t`Author`,
      cell: ({ row }) => (
        <>
          {row.original.author.displayName}
          <span className="block text-muted">{i18n._(tierLabel[row.original.author.tier as keyof typeof tierLabel] ?? tierLabel.newcomer)}</span>
        </>
      ),
    },
    { id: 'photos', header: t`Photos`, cell: ({ row }) => row.original.photos.length },
  ]
  const sortColumn = search.sort.startsWith('rating') ? 'rating' : 'submitted'
  const direction = search.sort === 'oldest' || search.sort === 'rating-asc' ? 'asc' : 'desc'

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold text-authentic">{t`Moderation queue`}</h1>
        <p className="mt-2 text-ink">
          {data.total === 1 ? t`1 review is waiting for a decision.` : t`${data.total} reviews are waiting for a decision.`}{' '}
          <span id="moderation-keys">{t`Keys: j next review, k previous review, a approve, r reject.`}</span>
        </p>
      </div>
      <QueueFilters search={search} onSearch={onSearch} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div>
          <DataTable
            caption={t`Reviews waiting for moderation`}
            columns={columns}
            rows={data.items}
            rowId={(row) => row.id}
            activeId={open?.id ?? null}
            onActivate={(row) => openReview(row, true)}
            sortable={{ submitted: true, rating: true }}
            sort={{ column: sortColumn, direction }}
            onSort={(column) => {
              const sorts = column === 'rating' ? (['rating-asc', 'rating-desc'] as const) : (['oldest', 'newest'] as const)
              onSearch({ sort: search.sort === sorts[0] ? sorts[1] : sorts[0], page: 1, review: undefined })
            }}
            empty={t`No review is waiting. Well done!`}
          />
          <Pager page={data.page} pageSize={MODERATION_PAGE_SIZE} total={data.total} onPage={(page) => onSearch({ page, review: undefined })} />
        </div>
        {open && (
          <section
            ref={panel}
            tabIndex={-1}
            aria-labelledby="open-review-title"
            aria-describedby="moderation-keys"
            className="flex flex-col gap-4 rounded-xl border border-line bg-white p-5 focus:outline-2 focus:outline-colbolt"
          >
            <ReviewDetail review={open} />
            <DecisionForm key={open.id} review={open} decision={decided} reasonArea={reasonArea} />
          </section>
        )}
      </div>
    </div>
  )
}

function ReviewDetail({ review }: { review: QueuedReview }) {
  const { t, i18n } = useLingui()
  const { author } = review
  const tier = i18n._(tierLabel[author.tier as keyof typeof tierLabel] ?? tierLabel.newcomer)
  return (
    <>
      <div>
        <p className="text-sm text-muted">
          {review.brand} · {review.productName} · {review.campaignTitle}
        </p>
        <h2 id="open-review-title" className="text-xl font-bold text-authentic">
          {review.title}
        </h2>
        <p className="text-sm">{t`${review.rating} of 5 stars · sent on ${formatDate(review.submittedAt)}`}</p>
      </div>
      <p className="whitespace-pre-line text-ink">{review.body}</p>
      <p className={review.receivedForFree ? 'text-sm text-verdin' : 'text-sm font-semibold text-danger'}>
        {review.receivedForFree
          ? t`Disclosure: says the product was received for free.`
          : t`Disclosure missing: does not say the product was received for free.`}
      </p>
      {review.photos.length > 0 && (
        <ul className="flex flex-col gap-3" aria-label={t`Photos`}>
          {review.photos.map((photo) => (
            <li key={photo.id}>
              <figure>
                <img
                  src={`/images/ops-review-photos/${photo.id}/display`}
                  alt={photo.alt}
                  width={photo.width || undefined}
                  height={photo.height || undefined}
                  className="h-auto max-w-full rounded-lg border border-line"
                />
                <figcaption className="mt-1 text-sm text-muted">{t`Description: ${photo.alt}`}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      )}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-lg bg-canvas p-3 text-sm">
        <dt className="font-semibold">{t`Author`}</dt>
        <dd>{author.displayName}</dd>
        <dt className="font-semibold">{t`Standing`}</dt>
        <dd>{t`${tier}, score ${author.score}`}</dd>
        <dt className="font-semibold">{t`Earlier reviews`}</dt>
        <dd>{t`${author.publishedReviews} published, ${author.rejectedReviews} rejected`}</dd>
      </dl>
    </>
  )
}

type Decision = { approve: () => void; reject: (reason: RejectionReason, note: string) => void; pending: boolean }

/** Sends a decision once, tells the moderator, refreshes the queue and opens the next review. */
function useDecision(review: QueuedReview | null, next: QueuedReview | undefined, openNext: (review: QueuedReview | undefined) => void): Decision {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationFn: async ({ id, decision }: { id: string; decision: ReviewDecisionBody }) => unwrap(await decideReviewFn({ data: { reviewId: id, decision } })),
    onSuccess: async (result, { id }) => {
      feedback.toast({
        severity: 'success',
        summary: result.status === 'published' ? t`Review published` : t`Review sent back to its author`,
        detail: result.status === 'published' ? t`It is on the public reviews page now.` : t`The author is told the reason by e-mail and can revise it.`,
      })
      if (review?.id === id) openNext(next)
    },
    // Decided or not (another moderator may have been first), the queue is read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['member', 'ops', 'moderation'] }),
  })
  return {
    pending: mutation.isPending,
    approve: () => {
      if (review && !mutation.isPending) mutation.mutate({ id: review.id, decision: { decision: 'approve', submittedAt: review.submittedAt } })
    },
    reject: (reason, note) => {
      if (review && !mutation.isPending)
        mutation.mutate({ id: review.id, decision: { decision: 'reject', reason, ...(note.trim() && { note: note.trim() }), submittedAt: review.submittedAt } })
    },
  }
}

/** What the rejection form holds: a reason from the list, and a note the author reads (required with "other"). */
const RejectionFormSchema = v.pipe(
  v.strictObject({ reason: RejectionReasonSchema, note: v.pipe(v.string(), v.trim(), v.maxLength(500)) }),
  v.forward(
    v.check(({ reason, note }) => reason !== 'other' || note.length > 0, 'a note is required with the reason other'),
    ['note'],
  ),
)
type RejectionValues = { reason: RejectionReason | ''; note: string }

function DecisionForm({ review, decision, reasonArea }: { review: QueuedReview; decision: Decision; reasonArea: RefObject<HTMLDivElement | null> }) {
  const { t, i18n } = useLingui()
  const form = useAppForm({
    defaultValues: { reason: '', note: '' } as RejectionValues,
    validators: { onSubmit: RejectionFormSchema },
    onSubmit: ({ value }) => {
      const { reason, note } = v.parse(RejectionFormSchema, value)
      decision.reject(reason, note)
    },
  })
  return (
    <div className="flex flex-col gap-4 border-t border-line pt-4">
      <Button onClick={decision.approve} loading={decision.pending} severity="success" aria-keyshortcuts="a">
        {t`Approve and publish`}
      </Button>
      <ContractForm form={form} label={t`Reject ${review.title}`} className="flex flex-col gap-3">
        <div ref={reasonArea}>
          <form.AppField name="reason">
            {(field) => (
              <field.SelectInput
                label={t`Reason for rejecting`}
                aria-keyshortcuts="r"
                invalid={t`Choose why the review cannot be published.`}
                options={[
                  { value: '', label: t`Choose a reason` },
                  ...REJECTION_REASONS.map((code) => ({ value: code, label: i18n._(rejectionReasonLabel[code]) })),
                ]}
              />
            )}
          </form.AppField>
        </div>
        <form.Subscribe selector={(state) => state.values.reason}>
          {(reason) => (
            <form.AppField name="note">
              {(field) => (
                <field.TextAreaInput
                  label={reason === 'other' ? t`Note to the author (required)` : t`Note to the author (optional)`}
                  rows={3}
                  maxLength={500}
                  invalid={t`Write the author a note: with the reason "Other" it is the only explanation they get.`}
                />
              )}
            </form.AppField>
          )}
        </form.Subscribe>
        <Button type="submit" severity="danger" variant="outlined" loading={decision.pending}>
          {t`Reject and tell the author`}
        </Button>
      </ContractForm>
    </div>
  )
}

function QueueFilters({ search, onSearch }: { search: ModerationSearch; onSearch: (next: Partial<ModerationSearch>) => void }) {
  const { t } = useLingui()
  const [q, setQ] = useState(search.q ?? '')
  const [campaign, setCampaign] = useState(search.campaign ?? '')
  const [rating, setRating] = useState(search.rating === undefined ? '' : String(search.rating))
  return (
    <form
      noValidate
      aria-label={t`Filter the queue`}
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault()
        onSearch({ q: q.trim() || undefined, campaign: campaign.trim() || undefined, rating: rating ? Number(rating) : undefined, page: 1, review: undefined })
      }}
    >
      <TextField label={t`Words in the title or text`} value={q} maxLength={100} onChange={(event) => setQ(event.target.value)} className="w-64" />
      <TextField
        label={t`Campaign (its address name)`}
        value={campaign}
        maxLength={120}
        onChange={(event) => setCampaign(event.target.value)}
        className="w-56"
      />
      <SelectField
        label={t`Rating`}
        value={rating}
        onChange={(event) => setRating(event.target.value)}
        options={[{ value: '', label: t`Any rating` }, ...[5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: t`${n} stars` }))]}
      />
      <Button type="submit" severity="secondary">
        {t`Apply filters`}
      </Button>
      {(search.q || search.campaign || search.rating) && (
        <FormAlert tone="info">
          <span>{t`The queue is filtered.`}</span>
        </FormAlert>
      )}
    </form>
  )
}
