import { useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { RoleChangeBodySchema, ROLES, type Role, type RoleChangeBody, type StaffMember } from '#contract/staff'
import { useRecentSignIn } from '~/auth/use-recent-sign-in'
import { DataTable, type OpsColumn } from '~/components/ops/data-table'
import { roleLabel } from '~/components/ops/role-labels'
import { Button } from '~/components/ui/button'
import { feedback } from '~/components/ui/feedback-store'
import { ContractForm, showRejectedFields, useAppForm } from '~/lib/contract-form'
import { formatDate } from '~/lib/date-format'
import type { ENDPOINTS } from '#contract/endpoints'
import { refusalOf, unwrap, type UpstreamResult } from '~/upstream/upstream-result'
import { grantRoleFn, resetSecondFactorFn, revokeRoleFn } from './ops-staff.functions'
import { uidOf, viewerQuery } from '~/auth/viewer'
import { staffListQuery } from './ops-staff.queries'
import { useSuspenseQueryData } from '~/lib/query-data'

/** Admins: who holds which role, and granting or revoking one (a recent sign-in is asked for first). */
export function StaffPage() {
  const { t, i18n } = useLingui()
  const data = useSuspenseQueryData(staffListQuery)
  const { data: viewer } = useQuery(viewerQuery)
  const selfUid = uidOf(viewer)
  const queryClient = useQueryClient()
  const recent = useRecentSignIn()
  const change = useMutation({
    mutationFn: async ({ kind, body }: { kind: 'grant' | 'revoke'; body: RoleChangeBody }) =>
      unwrap(await recent.guard(() => (kind === 'grant' ? grantRoleFn({ data: body }) : revokeRoleFn({ data: body })) as Promise<UpstreamResult<unknown>>)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['member', 'ops', 'staff'] }),
  })
  const reset = useMutation({
    mutationFn: async (email: string) => unwrap(await recent.guard(() => resetSecondFactorFn({ data: { email } }))),
  })

  /** A person who lost their phone and recovery codes: their second steps go, and they set up a new one at their next visit. */
  function confirmReset(email: string) {
    feedback.confirm({
      header: t`Reset two-step sign-in?`,
      message: t`${email}'s authenticator apps, passkeys and recovery codes stop working, and every session of theirs asks again. They set up a new second step at their next visit. Do this only once you are sure who asked.`,
      acceptLabel: t`Reset`,
      rejectLabel: t`Keep`,
      closable: true,
      onAccept: async () => {
        const done = await reset.mutateAsync(email).then(
          () => true,
          () => false,
        )
        if (done)
          feedback.toast({ severity: 'success', summary: t`Two-step sign-in reset`, detail: t`${email} sets up a new second step at their next visit.` })
      },
    })
  }

  const columns: OpsColumn<StaffMember>[] = [
    {
      id: 'person',
      header: t`Person`,
      cell: ({ row }) => (
        <>
          <span className="font-semibold">{row.original.name || row.original.email}</span>
          <span className="block text-muted">{row.original.email}</span>
          {row.original.uid !== selfUid && (
            <Button
              size="small"
              severity="danger"
              variant="text"
              aria-label={t`Reset two-step sign-in of ${row.original.email}`}
              onClick={() => confirmReset(row.original.email)}
            >
              {t`Reset two-step sign-in`}
            </Button>
          )}
        </>
      ),
    },
    {
      id: 'roles',
      header: t`Roles`,
      cell: ({ row }) => (
        <ul className="flex flex-col gap-1">
          {row.original.roles.map((held) => {
            const role = i18n._(roleLabel[held.role])
            return (
              <li key={held.role} className="flex flex-wrap items-center gap-2">
                <span>{t`${role}, since ${formatDate(held.grantedAt)}`}</span>
                <Button
                  size="small"
                  severity="danger"
                  variant="text"
                  aria-label={t`Revoke ${role} from ${row.original.email}`}
                  onClick={() => {
                    const email = row.original.email
                    feedback.confirm({
                      header: t`Revoke this role?`,
                      message: t`${email} loses the role ${role} from their next action in the console.`,
                      acceptLabel: t`Revoke`,
                      rejectLabel: t`Keep`,
                      closable: true,
                      onAccept: async () => {
                        // Refused or given up at "Confirm it's you": nothing was revoked, so no toast says it was.
                        const revoked = await change.mutateAsync({ kind: 'revoke', body: { email, role: held.role } }).then(
                          () => true,
                          () => false,
                        )
                        if (revoked) feedback.toast({ severity: 'success', summary: t`Role revoked`, detail: t`${email} no longer holds the role ${role}.` })
                      },
                    })
                  }}
                >
                  {t`Revoke`}
                </Button>
              </li>
            )
          })}
        </ul>
      ),
    },
  ]

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold text-authentic">{t`Staff and roles`}</h1>
        <p className="mt-2 text-ink">{t`Each role opens its part of the console. A change counts from the person's next action; every change is in the audit log.`}</p>
      </div>
      <GrantForm onGrant={(body) => change.mutateAsync({ kind: 'grant', body })} />
      <DataTable caption={t`Staff and their roles`} columns={columns} rows={data.items} rowId={(row) => row.uid} empty={t`Nobody holds a role yet.`} />
      {recent.dialog}
    </div>
  )
}

type GrantValues = { email: string; role: Role | '' }
/** The member API's name for a field it refused → the form's field. */
const GRANT_API_FIELDS = { email: 'email', role: 'role' }

function GrantForm({ onGrant }: { onGrant: (body: RoleChangeBody) => Promise<unknown> }) {
  const { t, i18n } = useLingui()
  const invalid = {
    email: t`Enter the e-mail address the person signs in with.`,
    role: t`Choose the role to give.`,
  }
  const form = useAppForm({
    defaultValues: { email: '', role: '' } as GrantValues,
    validators: { onSubmit: RoleChangeBodySchema },
    onSubmit: async ({ value, formApi }) => {
      const body = v.parse(RoleChangeBodySchema, value)
      try {
        await onGrant(body)
      } catch (error) {
        // Nobody signs in with the address, or its owner has not confirmed it: said beside it, which stays as typed.
        const unconfirmed = refusalOf<typeof ENDPOINTS.opsGrantRole>(error)?.code === 'email-unconfirmed'
        showRejectedFields(formApi, error, GRANT_API_FIELDS, (field) =>
          field !== 'email'
            ? invalid.role
            : unconfirmed
              ? t`This address is not confirmed yet. The person opens the link in the e-mail we sent when they signed up (or asks for a new one on their account's verification page), then gets a role.`
              : t`Nobody signs in with this address. The person signs up first, then gets a role.`,
        )
        return
      }
      const label = i18n._(roleLabel[body.role])
      feedback.toast({ severity: 'success', summary: t`Role granted`, detail: t`${body.email} now holds the role ${label}.` })
      formApi.reset({ email: '', role: '' })
    },
  })
  return (
    <ContractForm form={form} label={t`Grant a role`} className="flex flex-wrap items-end gap-3 rounded-xl border border-line bg-white p-4">
      <form.AppField name="email">
        {(field) => <field.TextInput label={t`E-mail address`} type="email" autoComplete="off" invalid={invalid.email} className="w-72" />}
      </form.AppField>
      <form.AppField name="role">
        {(field) => (
          <field.SelectInput
            label={t`Role`}
            invalid={invalid.role}
            options={[{ value: '', label: t`Choose a role` }, ...ROLES.map((value) => ({ value, label: i18n._(roleLabel[value]) }))]}
          />
        )}
      </form.AppField>
      <form.SubmitButton>{t`Grant the role`}</form.SubmitButton>
    </ContractForm>
  )
}
