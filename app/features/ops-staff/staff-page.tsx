import { useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { ROLES, type Role, type RoleChangeBody, type StaffMember } from '#contract/staff'
import { useRecentSignIn } from '~/auth/use-recent-sign-in'
import { DataTable, type OpsColumn } from '~/components/ops/data-table'
import { roleLabel } from '~/components/ops/role-labels'
import { Button } from '~/components/ui/button'
import { SelectField, TextField } from '~/components/ui/field'
import { feedback } from '~/components/ui/feedback-store'
import { formatDate } from '~/lib/date-format'
import { isUpstreamError, unwrap, type UpstreamResult } from '~/upstream/upstream-result'
import { grantRoleFn, revokeRoleFn } from './ops-staff.functions'
import { staffListQuery } from './ops-staff.queries'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Admins: who holds which role, and granting or revoking one (a recent sign-in is asked for first). */
export function StaffPage() {
  const { t, i18n } = useLingui()
  const { data } = useSuspenseQuery(staffListQuery)
  const queryClient = useQueryClient()
  const recent = useRecentSignIn()
  const change = useMutation({
    mutationFn: async ({ kind, body }: { kind: 'grant' | 'revoke'; body: RoleChangeBody }) =>
      unwrap(await recent.guard(() => (kind === 'grant' ? grantRoleFn({ data: body }) : revokeRoleFn({ data: body })) as Promise<UpstreamResult<unknown>>)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['member', 'ops', 'staff'] }),
  })

  const columns: OpsColumn<StaffMember>[] = [
    {
      id: 'person',
      header: t`Person`,
      cell: ({ row }) => (
        <>
          <span className="font-semibold">{row.original.name || row.original.email}</span>
          <span className="block text-muted">{row.original.email}</span>
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
      <GrantForm onGrant={(body) => change.mutateAsync({ kind: 'grant', body })} pending={change.isPending} />
      <DataTable caption={t`Staff and their roles`} columns={columns} rows={data.items} rowId={(row) => row.uid} empty={t`Nobody holds a role yet.`} />
      {recent.dialog}
    </div>
  )
}

function GrantForm({ onGrant, pending }: { onGrant: (body: RoleChangeBody) => Promise<unknown>; pending: boolean }) {
  const { t, i18n } = useLingui()
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<Role | ''>('')
  const [errors, setErrors] = useState<{ email?: string; role?: string }>({})
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const next: typeof errors = {}
    if (!EMAIL.test(email.trim())) next.email = t`Enter the e-mail address the person signs in with.`
    if (!role) next.role = t`Choose the role to give.`
    setErrors(next)
    if (next.email || next.role || !role) return
    try {
      await onGrant({ email: email.trim(), role })
    } catch (error) {
      // The person has no account yet: said beside the address, which stays as typed.
      if (isUpstreamError(error) && error.failure.kind === 'rejected' && error.failure.fields?.['email'])
        setErrors({ email: t`Nobody signs in with this address. The person signs up first, then gets a role.` })
      return
    }
    const label = i18n._(roleLabel[role])
    feedback.toast({ severity: 'success', summary: t`Role granted`, detail: t`${email.trim()} now holds the role ${label}.` })
    setEmail('')
    setRole('')
  }
  return (
    <form noValidate onSubmit={submit} aria-label={t`Grant a role`} className="flex flex-wrap items-end gap-3 rounded-xl border border-line bg-white p-4">
      <TextField
        label={t`E-mail address`}
        type="email"
        autoComplete="off"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email}
        className="w-72"
      />
      <SelectField
        label={t`Role`}
        value={role}
        onChange={(event) => setRole(event.target.value as Role | '')}
        error={errors.role}
        options={[{ value: '', label: t`Choose a role` }, ...ROLES.map((value) => ({ value, label: i18n._(roleLabel[value]) }))]}
      />
      <Button type="submit" loading={pending}>
        {t`Grant the role`}
      </Button>
    </form>
  )
}
