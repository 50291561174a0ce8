import { useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import * as v from 'valibot'
import { LinkRulingBodySchema, type LinkRuling } from '#contract/ops-members'
import { Button } from '~/components/ui/button'
import { feedback } from '~/components/ui/feedback-store'
import { ModalDialog } from '~/components/ui/modal-dialog'
import { ContractForm, showRejectedFields, useAppForm } from '~/lib/contract-form'
import { formatDate } from '~/lib/date-format'
import { unwrap } from '~/upstream/upstream-result'
import { ruleLinkFn, withdrawLinkRulingFn } from './ops-members.functions'
import { opsMemberQuery } from './ops-members.queries'

type LinkedAccount = { memberId: string; displayName: string }

/** After a ruling is made or withdrawn, both records are read again: each lists the other's link with it. */
function useRefreshBoth(memberId: string, linkedId: string) {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: opsMemberQuery(memberId).queryKey }),
      queryClient.invalidateQueries({ queryKey: opsMemberQuery(linkedId).queryKey }),
    ])
}

/** A ruling as the member page shows it: why, who and when. */
export function RulingNote({ ruling }: { ruling: LinkRuling }) {
  const { t } = useLingui()
  const who = ruling.byStaffEmail ?? ruling.byStaffId
  const when = formatDate(ruling.at)
  return (
    <span className="flex flex-col gap-1">
      <span className="self-start rounded-full bg-[#e7f4ee] px-2 py-0.5 text-xs font-semibold text-[#12402f]">{t`Not the same person`}</span>
      <span>{ruling.note}</span>
      <span className="text-sm text-muted">{t`By ${who} on ${when}`}</span>
    </span>
  )
}

/**
 * "Not the same person…": a dialog asking why the two accounts are two people (required, the
 * audit log and both records keep it); from then on their links count nowhere.
 */
export function RuleNotSamePerson({ member, linked }: { member: LinkedAccount; linked: LinkedAccount }) {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const refresh = useRefreshBoth(member.memberId, linked.memberId)
  const name = member.displayName
  const other = linked.displayName
  const rule = useMutation({
    mutationFn: async (note: string) => unwrap(await ruleLinkFn({ data: { memberId: member.memberId, linkedId: linked.memberId, note } })),
    onSettled: refresh,
  })
  const invalid = t`Say why they are two people, in 1 to 500 characters.`
  const form = useAppForm({
    defaultValues: { note: '' },
    validators: { onSubmit: LinkRulingBodySchema },
    onSubmit: ({ value, formApi }) => {
      if (rule.isPending) return
      rule.mutate(v.parse(LinkRulingBodySchema, value).note, {
        onSuccess: () => {
          setOpen(false)
          formApi.reset({ note: '' })
          feedback.toast({ severity: 'success', summary: t`Marked as two people`, detail: t`The links between ${name} and ${other} no longer count.` })
        },
        onError: (error) => showRejectedFields(formApi, error, { note: 'note' }, () => invalid),
      })
    },
  })
  return (
    <>
      <Button severity="secondary" variant="outlined" onClick={() => setOpen(true)}>
        {t`Not the same person…`}
        <span className="sr-only"> {t`as ${other}`}</span>
      </Button>
      <ModalDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t`${name} and ${other}: not the same person?`}
        description={t`Their links stop counting: in the applicants table, its filter and when testers are selected. Both records keep listing them, with your note.`}
        testId="link-ruling-dialog"
      >
        <ContractForm form={form} label={t`Not the same person`} className="flex flex-col gap-4">
          <form.AppField name="note">
            {(field) => (
              <field.TextAreaInput
                label={t`Why they are two people`}
                description={t`Required. Staff read it on both records and in the audit log; members never see it.`}
                invalid={invalid}
                maxLength={500}
                rows={3}
                className="w-full"
              />
            )}
          </form.AppField>
          <div className="flex justify-end gap-3">
            <Button severity="secondary" onClick={() => setOpen(false)}>
              {t`Cancel`}
            </Button>
            <Button type="submit" loading={rule.isPending}>
              {t`Mark as two people`}
            </Button>
          </div>
        </ContractForm>
      </ModalDialog>
    </>
  )
}

/** Withdraws the ruling, confirmed first: the two accounts' links count again. */
export function WithdrawRuling({ member, linked }: { member: LinkedAccount; linked: LinkedAccount }) {
  const { t } = useLingui()
  const refresh = useRefreshBoth(member.memberId, linked.memberId)
  const name = member.displayName
  const other = linked.displayName
  const withdraw = useMutation({
    mutationFn: async () => unwrap(await withdrawLinkRulingFn({ data: { memberId: member.memberId, linkedId: linked.memberId } })),
    onSuccess: () => feedback.toast({ severity: 'success', summary: t`Ruling withdrawn`, detail: t`The links between ${name} and ${other} count again.` }),
    onSettled: refresh,
  })
  return (
    <Button
      severity="secondary"
      variant="text"
      loading={withdraw.isPending}
      onClick={() => {
        if (withdraw.isPending) return
        feedback.confirm({
          header: t`Withdraw “not the same person”?`,
          message: t`The links between ${name} and ${other} count again: in the applicants table and when testers are selected.`,
          acceptLabel: t`Withdraw the ruling`,
          rejectLabel: t`Keep it`,
          closable: true,
          onAccept: () => withdraw.mutate(),
        })
      }}
    >
      {t`Withdraw`}
      <span className="sr-only"> {t`the ruling on ${other}`}</span>
    </Button>
  )
}
