import { useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, type ReactNode } from 'react'
import * as v from 'valibot'
import { CarrierSchema, ShipmentActionBodySchema, TrackingNumberSchema, type OpsShipment, type ShipmentActionBody } from '#contract/ops-shipments'
import { Button } from '~/components/ui/button'
import { feedback } from '~/components/ui/feedback-store'
import { ContractForm, showRejectedFields, useAppForm } from '~/lib/contract-form'
import { unwrap } from '~/upstream/upstream-result'
import { shipmentActionFn } from './ops-shipments.functions'

/** The form of a row that is open: shipping the parcel, or the return label's address. */
export type OpenForm = { shipmentId: string; kind: 'ship' | 'return-label' } | null

const ShipFormSchema = v.strictObject({ carrier: CarrierSchema, trackingNumber: TrackingNumberSchema })
type ShipValues = v.InferInput<typeof ShipFormSchema>
/** The contract's own rule for a return label's address (https, at most 500 characters). */
const ReturnLabelFormSchema = v.strictObject({ labelUrl: ShipmentActionBodySchema.options[2].entries.labelUrl })
type ReturnLabelValues = v.InferInput<typeof ReturnLabelFormSchema>

/** One step of one parcel; the table is read again afterwards, whatever the answer (someone else may have been first). */
function useShipmentAction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ shipmentId, action }: { shipmentId: string; action: ShipmentActionBody }) =>
      unwrap(await shipmentActionFn({ data: { shipmentId, action } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['member', 'ops', 'shipments'] }),
  })
}

/**
 * The steps a parcel can take from where it is: ship a pending one (carrier and tracking number),
 * mark a shipped one delivered, issue the label of a requested return, mark a labelled return
 * received. `onDone` runs after a step went through (the row may leave the view).
 */
export function ShipmentActions({
  shipment,
  open,
  onOpen,
  onDone,
}: {
  shipment: OpsShipment
  open: OpenForm
  onOpen: (form: OpenForm) => void
  onDone: () => void
}) {
  const { t } = useLingui()
  const action = useShipmentAction()
  const opener = useRef<HTMLButtonElement>(null)
  const name = shipment.displayName
  const formOpen = open?.shipmentId === shipment.shipmentId ? open.kind : null
  const close = () => {
    onOpen(null)
    requestAnimationFrame(() => opener.current?.focus())
  }
  const step = async (body: ShipmentActionBody, summary: string, detail: string) => {
    if (action.isPending) return
    // A refusal (409: the parcel moved on meanwhile) is the error catalogue's dialog.
    const done = await action.mutateAsync({ shipmentId: shipment.shipmentId, action: body }).then(
      () => true,
      () => false,
    )
    if (!done) return
    feedback.toast({ severity: 'success', summary, detail })
    onDone()
  }

  const buttons: ReactNode[] = []
  if (shipment.status === 'pending') {
    buttons.push(
      <Button
        key="ship"
        ref={opener}
        size="small"
        severity="secondary"
        aria-expanded={formOpen === 'ship'}
        aria-label={t`Ship the parcel for ${name}`}
        onClick={() => (formOpen === 'ship' ? close() : onOpen({ shipmentId: shipment.shipmentId, kind: 'ship' }))}
      >
        {t`Ship`}
      </Button>,
    )
  }
  if (shipment.status === 'shipped') {
    buttons.push(
      <Button
        key="deliver"
        size="small"
        severity="secondary"
        loading={action.isPending}
        aria-label={t`Mark the parcel for ${name} delivered`}
        onClick={() => void step({ action: 'deliver' }, t`Parcel delivered`, t`The parcel for ${name} is marked delivered.`)}
      >
        {t`Mark delivered`}
      </Button>,
    )
  }
  if (shipment.returnStatus === 'requested') {
    buttons.push(
      <Button
        key="return-label"
        ref={opener}
        size="small"
        severity="secondary"
        aria-expanded={formOpen === 'return-label'}
        aria-label={t`Issue a return label for ${name}`}
        onClick={() => (formOpen === 'return-label' ? close() : onOpen({ shipmentId: shipment.shipmentId, kind: 'return-label' }))}
      >
        {t`Issue return label`}
      </Button>,
    )
  }
  if (shipment.returnStatus === 'label-issued') {
    buttons.push(
      <Button
        key="returned"
        size="small"
        severity="secondary"
        loading={action.isPending}
        aria-label={t`Mark the return from ${name} received`}
        onClick={() => void step({ action: 'returned' }, t`Return received`, t`The return from ${name} is marked received.`)}
      >
        {t`Mark returned`}
      </Button>,
    )
  }
  if (buttons.length === 0) return <span className="text-muted">—</span>
  return (
    <div className="flex min-w-56 flex-col items-start gap-2">
      <div className="flex flex-wrap gap-2">{buttons}</div>
      {formOpen === 'ship' && (
        <ShipForm
          name={name}
          onCancel={close}
          onShip={async (values) => {
            await action.mutateAsync({ shipmentId: shipment.shipmentId, action: { action: 'ship', ...values } })
            feedback.toast({
              severity: 'success',
              summary: t`Parcel shipped`,
              detail: t`The parcel for ${name} is on its way; the member sees the tracking number.`,
            })
            onOpen(null)
            onDone()
          }}
        />
      )}
      {formOpen === 'return-label' && (
        <ReturnLabelForm
          name={name}
          onCancel={close}
          onIssue={async (labelUrl) => {
            await action.mutateAsync({ shipmentId: shipment.shipmentId, action: { action: 'return-label', labelUrl } })
            feedback.toast({ severity: 'success', summary: t`Return label issued`, detail: t`${name} can download the label on their shipments page.` })
            onOpen(null)
            onDone()
          }}
        />
      )}
    </div>
  )
}

/** Puts the focus on the form's first field when it opens. */
function useFocusFirstField() {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    box.current?.querySelector<HTMLInputElement>('input')?.focus()
  }, [])
  return box
}

/** Carrier and tracking number, checked by the contract's schemas before anything is sent; what was typed stays after a refusal. */
function ShipForm({ name, onShip, onCancel }: { name: string; onShip: (values: v.InferOutput<typeof ShipFormSchema>) => Promise<void>; onCancel: () => void }) {
  const { t } = useLingui()
  const box = useFocusFirstField()
  const invalid: Record<keyof ShipValues, string> = {
    carrier: t`Enter the carrier's name: 2 to 40 letters, digits, spaces and . & ' -`,
    trackingNumber: t`Enter the tracking number: 6 to 40 letters and digits, hyphens allowed, no spaces.`,
  }
  const form = useAppForm({
    defaultValues: { carrier: '', trackingNumber: '' } as ShipValues,
    validators: { onSubmit: ShipFormSchema },
    onSubmit: async ({ value, formApi }) => {
      try {
        await onShip(v.parse(ShipFormSchema, value))
      } catch (error) {
        // A field the member API refused is marked; anything else the error catalogue answered.
        showRejectedFields(formApi, error, { carrier: 'carrier', trackingNumber: 'trackingNumber' }, (field) => invalid[field as keyof ShipValues])
      }
    },
  })
  return (
    <div ref={box} className="w-full rounded-lg border border-line bg-canvas p-3">
      <ContractForm form={form} label={t`Ship the parcel for ${name}`} className="flex flex-col gap-3">
        <form.AppField name="carrier">
          {(field) => <field.TextInput label={t`Carrier`} invalid={invalid.carrier} autoComplete="off" maxLength={40} />}
        </form.AppField>
        <form.AppField name="trackingNumber">
          {(field) => <field.TextInput label={t`Tracking number`} invalid={invalid.trackingNumber} autoComplete="off" spellCheck={false} maxLength={40} />}
        </form.AppField>
        <div className="flex flex-wrap gap-2">
          <form.SubmitButton size="small">{t`Ship the parcel`}</form.SubmitButton>
          <Button size="small" variant="text" severity="contrast" onClick={onCancel}>
            {t`Cancel`}
          </Button>
        </div>
      </ContractForm>
    </div>
  )
}

/** The return label's https address, checked by the contract's schema before it is sent. */
function ReturnLabelForm({ name, onIssue, onCancel }: { name: string; onIssue: (labelUrl: string) => Promise<void>; onCancel: () => void }) {
  const { t } = useLingui()
  const box = useFocusFirstField()
  const invalid = t`Enter the label's web address, starting with https://`
  const form = useAppForm({
    defaultValues: { labelUrl: '' } as ReturnLabelValues,
    validators: { onSubmit: ReturnLabelFormSchema },
    onSubmit: async ({ value, formApi }) => {
      try {
        await onIssue(v.parse(ReturnLabelFormSchema, value).labelUrl)
      } catch (error) {
        showRejectedFields(formApi, error, { labelUrl: 'labelUrl' }, () => invalid)
      }
    },
  })
  return (
    <div ref={box} className="w-full rounded-lg border border-line bg-canvas p-3">
      <ContractForm form={form} label={t`Return label for ${name}`} className="flex flex-col gap-3">
        <form.AppField name="labelUrl">
          {(field) => <field.TextInput label={t`Label address (https)`} type="url" invalid={invalid} autoComplete="off" maxLength={500} />}
        </form.AppField>
        <div className="flex flex-wrap gap-2">
          <form.SubmitButton size="small">{t`Issue the label`}</form.SubmitButton>
          <Button size="small" variant="text" severity="contrast" onClick={onCancel}>
            {t`Cancel`}
          </Button>
        </div>
      </ContractForm>
    </div>
  )
}
