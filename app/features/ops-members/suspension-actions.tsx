import { useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import type { OpsMember } from '#contract/ops-members'
import { noteGivenForOther, SuspendBodySchema, SuspendFieldsSchema, SUSPENSION_REASONS, type SuspendBody, type SuspensionReason } from '#contract/suspension'
import { Button } from '~/components/ui/button'
import { FormAlert } from '~/components/ui/field'
import { feedback } from '~/components/ui/feedback-store'
import { blankAs, ContractForm, showRejectedFields, useAppForm } from '~/lib/contract-form'
import { formatDate } from '~/lib/date-format'
import { suspensionReasonLabel } from '~/lib/suspension-texts'
import { unwrap } from '~/upstream/upstream-result'
import { liftSuspensionFn, suspendMemberFn } from './ops-members.functions'
import { opsMemberQuery } from './ops-members.queries'

/** The form's values: no reason chosen yet is '', the end is '' when there is none (null while what is typed cannot be read). */
type SuspendValues = { reason: SuspensionReason | ''; note: string; until: string | null }
type SuspendField = keyof SuspendValues
const API_FIELDS: Record<string, SuspendField> = { reason: 'reason', note: 'note', until: 'until' }

/** The contract's body, read from the form: an empty end is "until lifted". */
const SuspendFormSchema = v.pipe(
  v.strictObject({ ...SuspendFieldsSchema.entries, until: blankAs(null, SuspendFieldsSchema.entries.until) }),
  v.forward(
    v.check((body) => noteGivenForOther(body), 'say why'),
    ['note'],
  ),
)

/** After an action, the record is read again: the suspension, the released participations and the message show. */
function useRefreshRecord(memberId: string) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: opsMemberQuery(memberId).queryKey })
}

/**
 * The member's suspension: the one in force with "Lift the suspension", or the form that suspends
 * them (a reason from the list, a note the member reads, an end or none), confirmed first.
 */
export function SuspensionSection({ member }: { member: OpsMember }) {
  const { t } = useLingui()
  return (
    <section aria-labelledby="suspension-heading" className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4 lg:col-span-2">
      <h3 id="suspension-heading" className="text-lg font-semibold text-ink">
        {t`Suspension`}
      </h3>
      {member.suspension ? <LiftSuspension member={member} suspension={member.suspension} /> : <SuspendForm member={member} />}
    </section>
  )
}

function LiftSuspension({ member, suspension }: { member: OpsMember; suspension: NonNullable<OpsMember['suspension']> }) {
  const { t, i18n } = useLingui()
  const refresh = useRefreshRecord(member.memberId)
  const name = member.displayName
  const reason = i18n._(suspensionReasonLabel[suspension.reason])
  const since = formatDate(suspension.since)
  const until = suspension.until ? formatDate(suspension.until) : null
  const lift = useMutation({
    mutationFn: async () => unwrap(await liftSuspensionFn({ data: { memberId: member.memberId } })),
    onSuccess: () => feedback.toast({ severity: 'success', summary: t`Suspension lifted`, detail: t`${name} may take part again, and is told by e-mail.` }),
    onSettled: refresh,
  })
  return (
    <>
      <FormAlert tone="info">
        <span className="flex flex-col gap-1">
          <strong>{until ? t`Suspended since ${since}, until ${until}.` : t`Suspended since ${since}, until lifted.`}</strong>
          <span>{t`Reason: ${reason}`}</span>
          {suspension.note && <span>{t`Note to the member: ${suspension.note}`}</span>}
        </span>
      </FormAlert>
      <div>
        <Button
          severity="secondary"
          loading={lift.isPending}
          onClick={() => {
            if (lift.isPending) return
            feedback.confirm({
              header: t`Lift the suspension of ${name}?`,
              message: t`${name} may apply, post and redeem points again from now on, and is told by e-mail.`,
              acceptLabel: t`Lift the suspension`,
              rejectLabel: t`Keep it`,
              closable: true,
              onAccept: () => lift.mutate(),
            })
          }}
        >
          {t`Lift the suspension`}
        </Button>
      </div>
    </>
  )
}

function SuspendForm({ member }: { member: OpsMember }) {
  const { t, i18n } = useLingui()
  const refresh = useRefreshRecord(member.memberId)
  const name = member.displayName
  const invalid: Record<SuspendField, string> = {
    reason: t`Choose a reason from the list.`,
    note: t`For “Other”, say why in 3 to 500 characters; otherwise at most 500 characters.`,
    until: t`Enter a date and time ahead of now, or leave it empty to suspend until lifted.`,
  }
  const suspend = useMutation({
    mutationFn: async (suspension: SuspendBody) => unwrap(await suspendMemberFn({ data: { memberId: member.memberId, suspension } })),
    onSettled: refresh,
  })
  const form = useAppForm({
    defaultValues: { reason: '', note: '', until: '' } as SuspendValues,
    validators: { onSubmit: SuspendFormSchema },
    onSubmit: ({ value, formApi }) => {
      if (suspend.isPending) return
      // The schema has passed: this gives the contract's body (an empty end read as none).
      const suspension = v.parse(SuspendBodySchema, v.parse(SuspendFormSchema, value))
      feedback.confirm({
        header: t`Suspend ${name}?`,
        message: t`${name} can no longer apply, be selected, post reviews or social posts, or redeem points; their applications and waitlist places are released now. They are told by e-mail with the reason and how to appeal.`,
        acceptLabel: t`Suspend`,
        rejectLabel: t`Cancel`,
        closable: true,
        onAccept: () =>
          suspend.mutate(suspension, {
            onSuccess: ({ released }) => {
              formApi.reset({ reason: '', note: '', until: '' })
              feedback.toast({
                severity: 'success',
                summary: t`Member suspended`,
                detail: t`${name} is suspended. Applications and places released: ${released}.`,
              })
            },
            // A refused field is shown under it; anything else the error catalogue answered.
            onError: (error) => showRejectedFields(formApi, error, API_FIELDS, (field) => invalid[field as SuspendField]),
          }),
      })
    },
  })
  return (
    <>
      <p className="text-sm text-ink">{t`A suspended member keeps reading, downloading and deleting their data, but cannot apply, be selected, post or redeem points.`}</p>
      <ContractForm form={form} label={t`Suspend the member`} className="flex flex-col items-start gap-4">
        <form.AppField name="reason">
          {(field) => (
            <field.SelectInput
              label={t`Reason for the suspension`}
              invalid={invalid.reason}
              options={[
                { value: '', label: t`Choose a reason` },
                ...SUSPENSION_REASONS.map((reason) => ({ value: reason, label: i18n._(suspensionReasonLabel[reason]) })),
              ]}
            />
          )}
        </form.AppField>
        <form.AppField name="note">
          {(field) => (
            <field.TextAreaInput
              label={t`Note to the member`}
              description={t`The member reads it with the reason, in the e-mail and on their pages. Required for “Other”.`}
              invalid={invalid.note}
              maxLength={500}
              rows={3}
              className="w-full"
            />
          )}
        </form.AppField>
        <form.AppField name="until">
          {(field) => (
            <field.DateTimeInput
              label={t`Suspended until`}
              description={t`Leave empty to suspend until someone lifts it.`}
              invalid={invalid.until}
              defaultTime="00:00"
            />
          )}
        </form.AppField>
        <Button type="submit" severity="danger" loading={suspend.isPending}>
          {t`Suspend…`}
        </Button>
      </ContractForm>
    </>
  )
}
