import { useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import * as v from 'valibot'
import { GOODWILL_POINTS_WITHOUT_REAUTH, GoodwillBodySchema, SupportWithdrawBodySchema, type OpsMember } from '#contract/ops-members'
import { isRecentSignInRefusal, useRecentSignIn } from '~/auth/use-recent-sign-in'
import { Button } from '~/components/ui/button'
import { FormAlert } from '~/components/ui/field'
import { feedback } from '~/components/ui/feedback-store'
import { ContractForm, showRejectedFields, useAppForm } from '~/lib/contract-form'
import { isUpstreamError, unwrap } from '~/upstream/upstream-result'
import { grantGoodwillFn, resendVerificationFn, withdrawForMemberFn } from './ops-members.functions'
import { opsMemberQuery } from './ops-members.queries'

type GoodwillBody = v.InferOutput<typeof GoodwillBodySchema>
/** The form's fields: the request id is the form's own, made once per grant. */
const GoodwillFormSchema = v.omit(GoodwillBodySchema, ['requestId'])
type SupportWithdrawBody = v.InferOutput<typeof SupportWithdrawBodySchema>
type Participation = OpsMember['participations'][number]

/** The form's values: the points are null while their field is empty (the schema refuses that). */
type GoodwillValues = { points: number | null; reason: string }
type GoodwillField = keyof GoodwillValues
const GOODWILL_API_FIELDS: Record<string, GoodwillField> = { points: 'points', reason: 'reason' }

/** After an action, the record is read again: the new points entry, status or message shows. */
function useRefreshRecord(memberId: string) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: opsMemberQuery(memberId).queryKey })
}

/** Goodwill points with their reason (the member reads it in their points history); a large grant asks to confirm it's you. */
export function GoodwillForm({ member }: { member: OpsMember }) {
  const { t } = useLingui()
  const refresh = useRefreshRecord(member.memberId)
  const { guard, dialog } = useRecentSignIn()
  const [notice, setNotice] = useState<string | null>(null)
  const limit = GOODWILL_POINTS_WITHOUT_REAUTH

  const invalid: Record<GoodwillField, string> = {
    points: t`Enter a whole number of points from 1 to 10,000.`,
    reason: t`Say why, in 3 to 200 characters: the member reads it in their points history.`,
  }

  // One id per grant, kept until it succeeds: a grant sent again (after a timeout, say) is granted once.
  const requestId = useRef(crypto.randomUUID())
  const grant = useMutation({
    mutationFn: async (goodwill: GoodwillBody) => unwrap(await guard(() => grantGoodwillFn({ data: { memberId: member.memberId, goodwill } }))),
    onSettled: refresh,
  })

  const form = useAppForm({
    defaultValues: { points: null, reason: '' } as GoodwillValues,
    validators: { onSubmit: GoodwillFormSchema },
    onSubmit: async ({ value, formApi }) => {
      setNotice(null)
      let result: { granted: number; balance: number }
      try {
        // The schema has passed, so this only narrows the empty number away.
        result = await grant.mutateAsync({ ...v.parse(GoodwillFormSchema, value), requestId: requestId.current })
      } catch (error) {
        // Not confirmed at "Confirm it's you": nothing was granted, and the form keeps what was typed.
        if (isUpstreamError(error) && isRecentSignInRefusal(error.failure)) setNotice(t`Nothing was changed: no points were granted.`)
        // A refused field is shown under it; anything else the error catalogue answered.
        else showRejectedFields(formApi, error, GOODWILL_API_FIELDS, (field) => invalid[field as GoodwillField])
        return
      }
      requestId.current = crypto.randomUUID()
      formApi.reset({ points: null, reason: '' })
      const { granted, balance } = result
      const name = member.displayName
      feedback.toast({ severity: 'success', summary: t`Points granted`, detail: t`${granted} points for ${name}: their balance is ${balance} points.` })
    },
  })

  return (
    <section aria-labelledby="goodwill-heading" className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4">
      <h3 id="goodwill-heading" className="text-lg font-semibold text-ink">
        {t`Grant goodwill points`}
      </h3>
      <p className="text-sm text-ink">{t`For a late parcel or a contest prize. More than ${limit} points in a day asks you to confirm it's you.`}</p>
      {notice && <FormAlert tone="info">{notice}</FormAlert>}
      <ContractForm form={form} label={t`Grant goodwill points`} className="flex flex-col items-start gap-4">
        <form.AppField name="points">
          {(field) => <field.NumberInput label={t`Points`} invalid={invalid.points} min={1} max={10_000} step={1} className="w-40" />}
        </form.AppField>
        <form.AppField name="reason">
          {(field) => (
            <field.TextInput
              label={t`Reason`}
              description={t`Shown to the member in their points history.`}
              invalid={invalid.reason}
              maxLength={200}
              autoComplete="off"
              className="w-full"
            />
          )}
        </form.AppField>
        <form.SubmitButton>{t`Grant the points`}</form.SubmitButton>
      </ContractForm>
      {dialog}
    </section>
  )
}

/** A new link to confirm the member's e-mail address, when they have not confirmed it. */
export function ResendVerification({ member }: { member: OpsMember }) {
  const { t } = useLingui()
  const refresh = useRefreshRecord(member.memberId)
  const name = member.displayName
  const resend = useMutation({
    mutationFn: async () => unwrap(await resendVerificationFn({ data: { memberId: member.memberId } })),
    onSuccess: () =>
      feedback.toast({ severity: 'success', summary: t`Verification e-mail sent`, detail: t`${name} has a new link to confirm their e-mail address.` }),
    onSettled: refresh,
  })
  return (
    <section aria-labelledby="verification-heading" className="flex flex-col items-start gap-3 rounded-xl border border-line bg-white p-4">
      <h3 id="verification-heading" className="text-lg font-semibold text-ink">
        {t`E-mail address not verified`}
      </h3>
      <p className="text-sm text-ink">{t`${name} has not confirmed their e-mail address yet. If they ask, send them a new link.`}</p>
      <Button
        severity="secondary"
        loading={resend.isPending}
        onClick={() => {
          if (!resend.isPending) resend.mutate()
        }}
      >
        {t`Resend the verification e-mail`}
      </Button>
    </section>
  )
}

/**
 * Withdraws the member from a test on their request (before it ships): what they asked is written
 * down first (for the audit log), then confirmed.
 */
export function WithdrawForm({ member, participation, onClose }: { member: OpsMember; participation: Participation; onClose: (withdrawn: boolean) => void }) {
  const { t } = useLingui()
  const refresh = useRefreshRecord(member.memberId)
  const area = useRef<HTMLElement>(null)
  const invalid = t`Write what the member asked, in 3 to 200 characters: it goes into the audit log.`
  const { campaignTitle, flightName } = participation
  const name = member.displayName

  // The form opens from a button in the table: the focus goes to its field.
  useEffect(() => {
    area.current?.querySelector<HTMLElement>('input')?.focus()
  }, [])

  const withdraw = useMutation({
    mutationFn: async (request: SupportWithdrawBody) =>
      unwrap(await withdrawForMemberFn({ data: { memberId: member.memberId, participationId: participation.participationId, request } })),
    onSettled: refresh,
  })

  const form = useAppForm({
    defaultValues: { note: '' },
    validators: { onSubmit: SupportWithdrawBodySchema },
    onSubmit: ({ value, formApi }) => {
      if (withdraw.isPending) return
      const request = v.parse(SupportWithdrawBodySchema, value)
      feedback.confirm({
        header: t`Withdraw ${name} from this test?`,
        message: t`${campaignTitle}, ${flightName}: ${name} no longer takes part, and a place they held goes to the next person waiting. This cannot be undone.`,
        acceptLabel: t`Withdraw`,
        rejectLabel: t`Keep the participation`,
        closable: true,
        onAccept: () =>
          withdraw.mutate(request, {
            onSuccess: () => {
              feedback.toast({ severity: 'success', summary: t`Withdrawn`, detail: t`${name} no longer takes part in ${campaignTitle}.` })
              onClose(true)
            },
            // A refused note is shown under it; anything else (already withdrawn, shipped meanwhile) the error catalogue answered.
            onError: (error) => showRejectedFields(formApi, error, { note: 'note' }, () => invalid),
          }),
      })
    },
  })

  return (
    <section
      id="withdraw-form"
      ref={area}
      aria-labelledby="withdraw-heading"
      className="flex max-w-xl flex-col gap-3 rounded-xl border border-line bg-white p-4"
    >
      <h3 id="withdraw-heading" className="text-lg font-semibold text-ink">
        {t`Withdraw from ${campaignTitle}, ${flightName}`}
      </h3>
      <ContractForm form={form} label={t`Withdraw on the member's request`} className="flex flex-col items-start gap-4">
        <form.AppField name="note">
          {(field) => (
            <field.TextInput
              label={t`What the member asked`}
              description={t`In a few words, for the audit log: “Asked by e-mail: moving abroad”.`}
              invalid={invalid}
              maxLength={200}
              autoComplete="off"
              className="w-full"
            />
          )}
        </form.AppField>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" severity="danger" loading={withdraw.isPending}>
            {t`Withdraw…`}
          </Button>
          <Button type="button" severity="secondary" onClick={() => onClose(false)}>
            {t`Cancel`}
          </Button>
        </div>
      </ContractForm>
    </section>
  )
}
