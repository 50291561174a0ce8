import { useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { NewsletterInputSchema, type NewsletterInput, type OpsNewsletter } from '#contract/messages'
import { useRecentSignIn } from '~/auth/use-recent-sign-in'
import { DataTable, type OpsColumn } from '~/components/ops/data-table'
import { feedback } from '~/components/ui/feedback-store'
import { ContractForm, showRejectedFields, useAppForm } from '~/lib/contract-form'
import { formatDate } from '~/lib/date-format'
import { unwrap } from '~/upstream/upstream-result'
import { anySending, newsletterProgress } from './newsletter-progress'
import { sendNewsletterFn } from './ops-newsletter.functions'
import { newsletterListQuery } from './ops-newsletter.queries'
import { useSuspenseQueryData } from '~/lib/query-data'

/** While an issue is still going out, the list looks again this often. */
const SENDING_REFRESH_MS = 30_000

/** Admins: the newsletter issues written so far and how far each has gone out; writing and sending a new one (a recent sign-in is asked for first). */
export function NewsletterPage() {
  const { t } = useLingui()
  const data = useSuspenseQueryData({
    ...newsletterListQuery,
    refetchInterval: (query) => (anySending(query.state.data?.items ?? []) ? SENDING_REFRESH_MS : false),
  })
  const queryClient = useQueryClient()
  const recent = useRecentSignIn()
  const send = useMutation({
    mutationFn: async (body: NewsletterInput) => unwrap(await recent.guard(() => sendNewsletterFn({ data: body }))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: newsletterListQuery.queryKey }),
  })

  const columns: OpsColumn<OpsNewsletter>[] = [
    { id: 'subject', header: t`Subject`, cell: ({ row }) => <span className="font-semibold">{row.original.subject}</span> },
    { id: 'author', header: t`Written by`, cell: ({ row }) => row.original.createdBy ?? t`Someone no longer on the staff` },
    { id: 'when', header: t`Written on`, cell: ({ row }) => formatDate(row.original.createdAt) },
    { id: 'sent', header: t`Sent so far`, cell: ({ row }) => row.original.sent },
    {
      id: 'state',
      header: t`State`,
      cell: ({ row }) => {
        const progress = newsletterProgress(row.original)
        return progress.state === 'finished' ? t`Finished on ${formatDate(progress.finishedAt ?? '')}` : t`Sending`
      },
    },
  ]

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold text-authentic">{t`Newsletter`}</h1>
        <p className="mt-2 text-ink">{t`An issue goes by e-mail to every member who opted in to the newsletter, a batch every minute, each member once. Once sent, it cannot be taken back.`}</p>
      </div>
      <NewsletterForm onSend={(body) => send.mutateAsync(body)} />
      <DataTable caption={t`Issues written so far`} columns={columns} rows={data.items} rowId={(row) => row.id} empty={t`No issue was written yet.`} />
      {recent.dialog}
    </div>
  )
}

type NewsletterValues = { subject: string; body: string }
const EMPTY: NewsletterValues = { subject: '', body: '' }
/** The member API's name for a field it refused → the form's field. */
const NEWSLETTER_API_FIELDS = { subject: 'subject', body: 'body' }

function NewsletterForm({ onSend }: { onSend: (body: NewsletterInput) => Promise<unknown> }) {
  const { t } = useLingui()
  const invalid = {
    subject: t`Write a subject of 3 to 150 characters.`,
    body: t`Write the issue: 20 to 20000 characters.`,
  }
  const form = useAppForm({
    defaultValues: EMPTY,
    validators: { onSubmit: NewsletterInputSchema },
    onSubmit: ({ value, formApi }) => {
      const body = v.parse(NewsletterInputSchema, value)
      feedback.confirm({
        header: t`Send to every member who opted in?`,
        message: t`"${body.subject}" goes out by e-mail to every member who opted in to the newsletter. Once sent, it cannot be taken back.`,
        acceptLabel: t`Send the issue`,
        rejectLabel: t`Not yet`,
        closable: true,
        onAccept: async () => {
          try {
            await onSend(body)
          } catch (error) {
            // Refused or given up at "Confirm it's you": nothing was sent; what was written stays.
            showRejectedFields(formApi, error, NEWSLETTER_API_FIELDS, (field) => (field === 'subject' ? invalid.subject : invalid.body))
            return
          }
          feedback.toast({ severity: 'success', summary: t`Issue sent`, detail: t`"${body.subject}" is going out to the members who opted in.` })
          formApi.reset(EMPTY)
        },
      })
    },
  })
  return (
    <ContractForm form={form} label={t`Write an issue`} className="flex flex-col gap-4 rounded-xl border border-line bg-white p-4">
      <form.AppField name="subject">
        {(field) => <field.TextInput label={t`Subject`} invalid={invalid.subject} maxLength={150} className="max-w-xl" />}
      </form.AppField>
      <form.AppField name="body">
        {(field) => (
          <field.TextAreaInput
            label={t`The issue`}
            description={t`Sent as plain text. Leave a blank line between paragraphs; start a line with "- " for a list.`}
            invalid={invalid.body}
            maxLength={20_000}
            rows={12}
          />
        )}
      </form.AppField>
      <div>
        <form.SubmitButton>{t`Send the issue`}</form.SubmitButton>
      </div>
    </ContractForm>
  )
}
