import { useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import * as v from 'valibot'
import { PayoutSchema, type Member, type Payout } from '#contract/members'
import { safeRedirectTarget } from '~/auth/redirect-target'
import { Button } from '~/components/ui/button'
import { feedback } from '~/components/ui/feedback-store'
import { FormAlert } from '~/components/ui/field'
import { useRecentSignIn } from '~/auth/use-recent-sign-in'
import { ContractForm, showRejectedFields, useAppForm } from '~/lib/contract-form'
import { removePayoutFn, savePayoutFn } from '~/features/member/payout.functions'
import { isUpstreamError, unwrap } from '~/upstream/upstream-result'
import { formatIban, maskEmail, maskIban } from './payout-mask'
import { profileQuery, refreshMemberData } from '~/lib/member-data/member-data.queries'
import { useSuspenseQueryData } from '~/lib/query-data'

type PayoutField = 'method' | 'email' | 'accountHolder' | 'iban'
type PayoutValues = { method: Payout['method']; email: string; accountHolder: string; iban: string }

// The contract's payout schema, checking the form's values: the form holds the fields of both
// methods, so each variant here ignores the other's (the body sent is the contract's strict one).
const [PaypalPayout, IbanPayout] = PayoutSchema.options
const PayoutFormSchema = v.variant('method', [
  v.object({ ...PaypalPayout.entries, accountHolder: v.string(), iban: v.string() }),
  v.object({ ...IbanPayout.entries, email: v.string() }),
])

/** The member API's field paths and the form fields they belong to. */
const API_FIELDS: Record<string, PayoutField> = {
  payout: 'method',
  'payout.method': 'method',
  'payout.email': 'email',
  'payout.accountHolder': 'accountHolder',
  'payout.iban': 'iban',
}

/** The body for the member API, from values the form's schema has passed (the IBAN without spaces). */
function payoutOf(values: PayoutValues): Payout {
  return values.method === 'paypal'
    ? v.parse(PayoutSchema, { method: 'paypal', email: values.email })
    : v.parse(PayoutSchema, { method: 'iban', accountHolder: values.accountHolder, iban: values.iban })
}

const isRecentSignInRefusal = (error: unknown) => isUpstreamError(error) && error.failure.kind === 'reauth-required'

/** /en/member/payments: where reimbursements for verified purchases go, shown masked once saved. */
export function PayoutSettings({ redirect }: { redirect?: string }) {
  const data = useSuspenseQueryData(profileQuery)
  return <PayoutEditor saved={data.payout} redirect={redirect} />
}

function PayoutEditor({ saved, redirect }: { saved: Payout | null; redirect?: string }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { guard, dialog } = useRecentSignIn()
  const [editing, setEditing] = useState(saved === null)
  const [notice, setNotice] = useState<string | null>(null)
  const changeButton = useRef<HTMLButtonElement>(null)
  const area = useRef<HTMLDivElement>(null)
  // The control that was pressed is gone after a save or removal: focus goes to what replaced it.
  const focusAfterSwap = (selector: string) => requestAnimationFrame(() => area.current?.querySelector<HTMLElement>(selector)?.focus())

  const invalid: Record<PayoutField, string> = {
    method: t`Choose how we pay you.`,
    email: t`Enter your PayPal e-mail address.`,
    accountHolder: t`Enter the account holder's name (at most 120 characters).`,
    iban: t`Enter a valid IBAN: check the letters and digits, e.g. DE89 3704 0044 0532 0130 00.`,
  }

  async function stored(member: Member) {
    queryClient.setQueryData(profileQuery.queryKey, member)
    // Participations ask for payout details while none are saved.
    await refreshMemberData(queryClient, 'profile')
  }

  const save = useMutation({
    mutationFn: async (payout: Payout) => unwrap(await guard(() => savePayoutFn({ data: { payout } }))),
    onSuccess: stored,
  })
  const remove = useMutation({
    mutationFn: async () => unwrap(await guard(() => removePayoutFn())),
    onSuccess: stored,
  })

  const form = useAppForm({
    defaultValues: { method: saved?.method ?? 'paypal', email: '', accountHolder: '', iban: '' } as PayoutValues,
    validators: { onSubmit: PayoutFormSchema },
    onSubmit: async ({ value, formApi }) => {
      setNotice(null)
      try {
        await save.mutateAsync(payoutOf(value))
      } catch (error) {
        // The member did not confirm it was them: the form keeps what they typed.
        if (isRecentSignInRefusal(error)) setNotice(t`Nothing was changed. Save again when you are ready to confirm it's you.`)
        // A refused field is shown under it; anything else the error catalogue answered.
        else showRejectedFields(formApi, error, API_FIELDS, (field) => invalid[field as PayoutField])
        return
      }
      formApi.reset({ method: value.method, email: '', accountHolder: '', iban: '' })
      setEditing(false)
      feedback.toast({ severity: 'success', summary: t`Payout details saved`, detail: t`We send your reimbursements there from now on.` })
      if (redirect) await navigate({ href: safeRedirectTarget(redirect), replace: true })
      else focusAfterSwap('[data-payout-change]')
    },
  })

  function confirmRemoval() {
    if (remove.isPending) return
    setNotice(null)
    feedback.confirm({
      header: t`Remove your payout details?`,
      message: t`We cannot reimburse verified purchases until you add new ones.`,
      acceptLabel: t`Remove`,
      rejectLabel: t`Keep them`,
      closable: true,
      onAccept: () =>
        remove.mutate(undefined, {
          onSuccess: () => {
            setEditing(true)
            feedback.toast({ severity: 'success', summary: t`Payout details removed`, detail: t`Add new ones before your next verified purchase.` })
            focusAfterSwap('input[name="method"]:checked')
          },
          onError: (error) => {
            if (isRecentSignInRefusal(error)) setNotice(t`Nothing was changed: your payout details are still saved.`)
          },
        }),
    })
  }

  return (
    <div ref={area} className="flex max-w-2xl flex-col gap-6">
      {notice && <FormAlert tone="info">{notice}</FormAlert>}
      {saved && !editing && (
        <section aria-labelledby="payout-saved-heading" className="rounded-2xl border border-line bg-white p-5 sm:p-6">
          <h2 id="payout-saved-heading" className="text-lg font-semibold text-ink">
            {t`Your payout details`}
          </h2>
          {saved.method === 'paypal' ? (
            <dl className="mt-3 grid gap-1 text-ink">
              <dt className="text-sm text-muted">{t`PayPal`}</dt>
              <dd data-testid="payout-masked">{maskEmail(saved.email)}</dd>
            </dl>
          ) : (
            <dl className="mt-3 grid gap-1 text-ink">
              <dt className="text-sm text-muted">{t`Bank account (IBAN)`}</dt>
              <dd data-testid="payout-masked" className="font-mono">
                {maskIban(saved.iban)}
              </dd>
              <dt className="mt-2 text-sm text-muted">{t`Account holder`}</dt>
              <dd>{saved.accountHolder}</dd>
            </dl>
          )}
          <div className="mt-5 flex flex-wrap gap-3">
            <Button
              ref={changeButton}
              severity="secondary"
              onClick={() => {
                setEditing(true)
                focusAfterSwap('input[name="method"]:checked')
              }}
              data-payout-change
            >
              {t`Change`}
            </Button>
            <Button severity="danger" variant="outlined" loading={remove.isPending} onClick={confirmRemoval}>
              {t`Remove`}
            </Button>
          </div>
        </section>
      )}
      {editing && (
        <ContractForm form={form} label={saved ? t`Change your payout details` : t`Add your payout details`} className="flex flex-col gap-6">
          <form.AppField name="method">
            {(field) => (
              <field.RadioGroupInput
                legend={t`How should we pay you?`}
                invalid={invalid.method}
                options={[
                  { value: 'paypal', label: t`PayPal` },
                  { value: 'iban', label: t`Bank account (IBAN)` },
                ]}
              />
            )}
          </form.AppField>
          <form.Subscribe selector={(state) => state.values.method}>
            {(method) =>
              method === 'paypal' ? (
                <form.AppField name="email">
                  {(field) => <field.TextInput label={t`PayPal e-mail address`} invalid={invalid.email} type="email" autoComplete="off" inputMode="email" />}
                </form.AppField>
              ) : (
                <>
                  <form.AppField name="accountHolder">
                    {(field) => <field.TextInput label={t`Account holder`} invalid={invalid.accountHolder} autoComplete="off" maxLength={120} />}
                  </form.AppField>
                  <form.AppField
                    name="iban"
                    // Written the way banks print it once the member leaves the field; spaces do not count.
                    listeners={{ onBlur: ({ value, fieldApi }) => value.trim() && fieldApi.setValue(formatIban(value)) }}
                  >
                    {(field) => (
                      <field.TextInput
                        label={t`IBAN`}
                        description={t`Your bank's international account number, e.g. DE89 3704 0044 0532 0130 00.`}
                        invalid={invalid.iban}
                        autoComplete="off"
                        spellCheck={false}
                        autoCapitalize="characters"
                      />
                    )}
                  </form.AppField>
                </>
              )
            }
          </form.Subscribe>
          <div className="flex flex-wrap gap-3">
            <form.SubmitButton size="large">{t`Save payout details`}</form.SubmitButton>
            {saved && (
              <Button
                severity="secondary"
                size="large"
                onClick={() => {
                  form.reset()
                  setNotice(null)
                  setEditing(false)
                  requestAnimationFrame(() => changeButton.current?.focus())
                }}
              >
                {t`Cancel`}
              </Button>
            )}
          </div>
        </ContractForm>
      )}
      {dialog}
    </div>
  )
}
