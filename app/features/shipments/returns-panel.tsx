import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Check } from 'lucide-react'
import { useState } from 'react'
import * as v from 'valibot'
import { RETURN_REASONS } from '#contract/participation-rules'
import { ReturnRequestBodySchema, type Shipment } from '#contract/participations'
import { Button } from '~/components/ui/button'
import { feedback } from '~/components/ui/feedback-store'
import { FormAlert } from '~/components/ui/field'
import { ProductThumb } from '~/components/catalogue/product-thumb'
import { cn } from '~/lib/cn'
import { formatDate } from '~/lib/date-format'
import { ContractForm, showRejectedFields, useAppForm } from '~/lib/contract-form'
import { requestReturnFn } from '~/features/shipments/shipments.functions'
import { unwrap } from '~/upstream/upstream-result'
import { canRequestReturn, returnableShipments } from './shipment-status'
import { returnReasonLabel, returnStatusLabel } from './shipment-texts'
import { shipmentsQuery } from '~/lib/member-data/member-data.queries'
import { useLocale } from '~/lib/locale'
import { useSuspenseQueryData } from '~/lib/query-data'

const COMMENT_MAX = 1000

/** Delivered products: request a return while allowed, and follow it (requested → label → returned). */
export function ReturnsPanel() {
  const locale = useLocale()
  const { t } = useLingui()
  const data = useSuspenseQueryData(shipmentsQuery)

  const shipments = returnableShipments(data.shipments)
  const onTheWay = data.shipments.length - shipments.length
  return (
    <div className="flex flex-col gap-6">
      <FormAlert tone="info">
        <Trans>
          You can return a test product within 30 days of delivery if it arrived damaged, is the wrong item or is not as described. We send you a prepaid return
          label.
        </Trans>
      </FormAlert>
      {shipments.length === 0 ? (
        <section aria-labelledby="nothing-to-return-heading" className="rounded-2xl border border-line bg-canvas p-6">
          <h2 id="nothing-to-return-heading" className="text-xl font-bold text-authentic">
            <Trans>Nothing to return</Trans>
          </h2>
          <p className="mt-2 text-ink">
            {onTheWay > 0
              ? t`Your products are still on their way. Once one is delivered, you can request its return here.`
              : t`Once a test product is delivered, you can request its return here.`}
          </p>
          <Button asChild severity="secondary" className="mt-4">
            <Link to="/$locale/member/shipments" params={{ locale }}>
              {t`See my shipments`}
            </Link>
          </Button>
        </section>
      ) : (
        <ul className="flex flex-col gap-4">
          {shipments.map((s) => (
            <ReturnCard key={s.id} shipment={s} />
          ))}
        </ul>
      )}
    </div>
  )
}

function ReturnCard({ shipment: s }: { shipment: Shipment }) {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const delivered = s.deliveredAt ? formatDate(s.deliveredAt) : ''
  const until = s.returnableUntil ? formatDate(s.returnableUntil) : ''
  return (
    <li className="rounded-xl border border-line bg-white p-4 sm:p-5" data-testid="return-card">
      <div className="flex gap-4">
        <ProductThumb imageUrl={s.imageUrl} className="size-16 shrink-0" />
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-semibold text-ink">{s.productName}</h2>
          <p className="text-sm text-muted">{t`${s.campaignTitle} · delivered ${delivered}`}</p>
        </div>
      </div>
      <div className="mt-4 border-t border-line pt-4">
        {s.return ? (
          <ReturnProgress shipment={s} />
        ) : canRequestReturn(s) ? (
          open ? (
            <ReturnForm shipment={s} onCancel={() => setOpen(false)} />
          ) : (
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-ink">{t`You can request a return until ${until}.`}</p>
              <Button size="small" severity="secondary" onClick={() => setOpen(true)}>
                {t`Request a return`}
              </Button>
            </div>
          )
        ) : (
          <p className="text-ink">{t`The return window for this product closed on ${until}.`}</p>
        )}
      </div>
    </li>
  )
}

function ReturnProgress({ shipment: s }: { shipment: Shipment }) {
  const { t, i18n } = useLingui()
  const r = s.return
  if (!r) return null
  const steps = [
    { key: 'requested', label: i18n._(returnStatusLabel.requested), at: r.requestedAt },
    { key: 'label-issued', label: i18n._(returnStatusLabel['label-issued']), at: r.labelIssuedAt },
    { key: 'returned', label: i18n._(returnStatusLabel.returned), at: r.returnedAt },
  ]
  const reason = i18n._(returnReasonLabel[r.reason])
  return (
    <div>
      <p className="text-ink">
        <span className="font-semibold">{t`Reason:`}</span> {reason}
        {r.comment && <span className="block text-sm text-muted">“{r.comment}”</span>}
      </p>
      <ol className="mt-4 grid gap-3 sm:grid-cols-3" aria-label={t`Return progress`}>
        {steps.map((step) => {
          const date = step.at ? formatDate(step.at) : null
          return (
            <li key={step.key} className={cn('flex items-start gap-2 rounded-lg border p-3', date ? 'border-verdin/40 bg-[#f1f8f4]' : 'border-line')}>
              <span
                aria-hidden="true"
                className={cn('mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full', date ? 'bg-verdin text-white' : 'border-2 border-line')}
              >
                {date && <Check className="size-3" />}
              </span>
              <span>
                <span className="block font-semibold text-ink">{step.label}</span>
                <span className="block text-sm text-ink">{date ?? t`Not yet`}</span>
              </span>
            </li>
          )
        })}
      </ol>
      {r.status === 'requested' && (
        <p className="mt-3 text-sm text-ink">{t`We are preparing your prepaid return label and will e-mail you when it is ready.`}</p>
      )}
      {r.status === 'returned' && <p className="mt-3 text-sm text-ink">{t`We received the product back. Thank you for letting us know.`}</p>}
      {r.status === 'label-issued' && r.labelUrl && (
        <p className="mt-3 text-ink">
          <a href={r.labelUrl} target="_blank" rel="noreferrer noopener" className="font-semibold text-colbolt underline">
            {t`Download your return label`}
          </a>{' '}
          <span className="text-sm">{t`(opens in a new tab) Print it, stick it on the parcel and drop it at the carrier.`}</span>
        </p>
      )}
    </div>
  )
}

/** The contract's return request; the form always holds a comment, empty when the member writes none (then it is not sent). */
const ReturnFormSchema = v.strictObject({ reason: ReturnRequestBodySchema.entries.reason, comment: ReturnRequestBodySchema.entries.comment.wrapped })

/** The member API's field paths → this form's fields. */
const RETURN_FIELDS = { reason: 'reason', comment: 'comment' } as const
type ReturnField = keyof typeof RETURN_FIELDS

function ReturnForm({ shipment, onCancel }: { shipment: Shipment; onCancel: () => void }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const invalid: Record<ReturnField, string> = {
    reason: t`Choose why you are returning the product.`,
    comment: t`Keep the comment to ${COMMENT_MAX} characters or fewer.`,
  }

  const request = useMutation({
    mutationFn: async (input: v.InferOutput<typeof ReturnFormSchema>) =>
      unwrap(await requestReturnFn({ data: { shipmentId: shipment.id, reason: input.reason, ...(input.comment ? { comment: input.comment } : {}) } })),
    onSuccess: async (updated) => {
      queryClient.setQueryData(shipmentsQuery.queryKey, (current) =>
        current ? { shipments: current.shipments.map((s) => (s.id === updated.id ? updated : s)) } : current,
      )
    },
  })

  const form = useAppForm({
    defaultValues: { reason: '', comment: '' },
    validators: { onSubmit: ReturnFormSchema },
    onSubmit: async ({ value, formApi }) => {
      try {
        await request.mutateAsync(v.parse(ReturnFormSchema, value))
      } catch (error) {
        // A refused field is shown under it; anything else the error catalogue answered.
        showRejectedFields(formApi, error, RETURN_FIELDS, (field) => invalid[field as ReturnField])
        return
      }
      // The card shows the return's progress in place of the form.
      feedback.toast({ severity: 'success', summary: t`Return requested`, detail: t`We will e-mail you a prepaid return label.` })
    },
  })

  return (
    <ContractForm form={form} label={t`Return of ${shipment.productName}`} className="flex flex-col gap-4">
      <form.AppField name="reason">
        {(field) => (
          <field.SelectInput
            label={t`Why are you returning it?`}
            invalid={invalid.reason}
            // The form opens when the member asks for it (the return button): its first field takes focus, as in a dialog.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            options={[
              { value: '', label: t`Choose a reason` },
              ...RETURN_REASONS.map((reason) => ({ value: reason, label: i18n._(returnReasonLabel[reason]) })),
            ]}
          />
        )}
      </form.AppField>
      <form.AppField name="comment">
        {(field) => (
          <field.TextAreaInput
            label={t`What happened? (optional)`}
            invalid={invalid.comment}
            rows={3}
            maxLength={COMMENT_MAX}
            description={t`A few words help us fix it with the brand, up to ${COMMENT_MAX} characters.`}
          />
        )}
      </form.AppField>
      <div className="flex flex-wrap gap-3">
        <form.SubmitButton>{t`Request the return`}</form.SubmitButton>
        <Button severity="secondary" variant="text" onClick={onCancel}>
          {t`Cancel`}
        </Button>
      </div>
    </ContractForm>
  )
}
