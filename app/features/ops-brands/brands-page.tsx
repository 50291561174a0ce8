import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { CreateBrandBodySchema, InviteBrandUserBodySchema, type InvitationState, type OpsBrand } from '#contract/brands'
import { useRecentSignIn } from '~/auth/use-recent-sign-in'
import { DataTable, type OpsColumn } from '~/components/ops/data-table'
import { Button } from '~/components/ui/button'
import { feedback } from '~/components/ui/feedback-store'
import { ContractForm, showRejectedFields, useAppForm } from '~/lib/contract-form'
import { formatDate } from '~/lib/date-format'
import { unwrap, type UpstreamResult } from '~/upstream/upstream-result'
import { createBrandFn, inviteBrandUserFn, removeBrandUserFn, withdrawInvitationFn } from './ops-brands.functions'
import { brandListQuery } from './ops-brands.queries'
import { useSuspenseQueryData } from '~/lib/query-data'

const BRANDS_KEY = ['member', 'ops', 'brands']

type BrandPersonRow = { kind: 'user'; user: OpsBrand['users'][number] } | { kind: 'invitation'; invitation: OpsBrand['invitations'][number] }

/**
 * Admins: the brands, who follows each, and invitations to join one. A brand is added with its
 * first product too (by the name the product gives); one is added here to invite its users first.
 */
export function BrandsPage() {
  const { t } = useLingui()
  const data = useSuspenseQueryData(brandListQuery)
  const recent = useRecentSignIn()
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold text-authentic">{t`Brands`}</h1>
        <p className="mt-2 text-ink">
          {t`A brand's users see its campaigns' results and download their published reviews, and nothing of other brands or of testers' personal data. Invite them by e-mail: the link works once, for 7 days.`}
        </p>
      </div>
      <CreateBrandForm />
      {data.items.length === 0 && <p className="text-ink">{t`No brand yet.`}</p>}
      {data.items.map((brand) => (
        <BrandSection key={brand.id} brand={brand} guard={recent.guard} />
      ))}
      {recent.dialog}
    </div>
  )
}

function useInvitationStateLabel() {
  const { t } = useLingui()
  return (state: InvitationState) => ({ open: t`Waiting`, accepted: t`Accepted`, expired: t`Expired`, withdrawn: t`Withdrawn` })[state]
}

function BrandSection({ brand, guard }: { brand: OpsBrand; guard: ReturnType<typeof useRecentSignIn>['guard'] }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const stateLabel = useInvitationStateLabel()
  const name = brand.name
  const settle = () => queryClient.invalidateQueries({ queryKey: BRANDS_KEY })
  const remove = useMutation({
    mutationFn: async (uid: string) => unwrap(await removeBrandUserFn({ data: { brandId: brand.id, uid } })),
    onSettled: settle,
  })
  const withdraw = useMutation({
    mutationFn: async (invitationId: string) => unwrap(await withdrawInvitationFn({ data: { brandId: brand.id, invitationId } })),
    onSettled: settle,
  })
  const products = brand.products
  const campaigns = brand.campaigns
  const confirmRemoval = (user: OpsBrand['users'][number]) => {
    const email = user.email
    feedback.confirm({
      header: t`Remove this user?`,
      message: t`${email} no longer sees ${name}'s campaigns, from their next page.`,
      acceptLabel: t`Remove`,
      rejectLabel: t`Keep`,
      closable: true,
      onAccept: async () => {
        const done = await remove.mutateAsync(user.uid).then(
          () => true,
          () => false,
        )
        if (done) feedback.toast({ severity: 'success', summary: t`User removed`, detail: t`${email} no longer follows ${name}.` })
      },
    })
  }
  const withdrawInvitation = async (invitation: OpsBrand['invitations'][number]) => {
    const email = invitation.email
    const done = await withdraw.mutateAsync(invitation.id).then(
      () => true,
      () => false,
    )
    if (done) feedback.toast({ severity: 'success', summary: t`Invitation withdrawn`, detail: t`The link sent to ${email} no longer works.` })
  }
  // Who follows the brand, then who was invited to.
  const rows: BrandPersonRow[] = [
    ...brand.users.map((user) => ({ kind: 'user' as const, user })),
    ...brand.invitations.map((invitation) => ({ kind: 'invitation' as const, invitation })),
  ]
  const columns: OpsColumn<BrandPersonRow>[] = [
    {
      id: 'person',
      header: t`Person`,
      cell: ({ row }) => {
        if (row.original.kind === 'invitation') return row.original.invitation.email
        const { name: personName, email } = row.original.user
        return personName ? `${personName} (${email})` : email
      },
    },
    { id: 'joined', header: t`Joined`, cell: ({ row }) => (row.original.kind === 'user' ? formatDate(row.original.user.joinedAt) : t`Not yet`) },
    {
      id: 'invitation',
      header: t`Invitation`,
      cell: ({ row }) => {
        if (row.original.kind === 'user') return stateLabel('accepted')
        const { state, expiresAt } = row.original.invitation
        const until = formatDate(expiresAt)
        return state === 'open' ? t`Waiting, until ${until}` : stateLabel(state)
      },
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">{t`Actions`}</span>,
      cell: ({ row }) => {
        const person = row.original
        if (person.kind === 'user') {
          const email = person.user.email
          return (
            <Button size="small" severity="danger" variant="text" aria-label={t`Remove ${email} from ${name}`} onClick={() => confirmRemoval(person.user)}>
              {t`Remove`}
            </Button>
          )
        }
        if (person.invitation.state !== 'open') return null
        const email = person.invitation.email
        return (
          <Button
            size="small"
            severity="danger"
            variant="text"
            aria-label={t`Withdraw the invitation to ${email}`}
            onClick={() => void withdrawInvitation(person.invitation)}
          >
            {t`Withdraw`}
          </Button>
        )
      },
    },
  ]
  return (
    <section aria-labelledby={`brand-${brand.id}`} className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4">
      <h2 id={`brand-${brand.id}`} className="text-xl font-bold text-authentic">
        {name}
      </h2>
      <p className="text-ink">
        <Trans>
          <Plural value={products} one="# product" other="# products" />, <Plural value={campaigns} one="# campaign" other="# campaigns" />.
        </Trans>
      </p>
      <DataTable
        caption={t`Users of ${name}`}
        columns={columns}
        rows={rows}
        rowId={(row) => (row.kind === 'user' ? `user-${row.user.uid}` : `invitation-${row.invitation.id}`)}
        rowHeader="person"
        empty={t`Nobody follows ${name} yet.`}
      />
      <InviteForm brand={brand} guard={guard} />
    </section>
  )
}

function InviteForm({ brand, guard }: { brand: OpsBrand; guard: ReturnType<typeof useRecentSignIn>['guard'] }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const name = brand.name
  const form = useAppForm({
    defaultValues: { email: '' },
    validators: { onSubmit: InviteBrandUserBodySchema },
    onSubmit: async ({ value, formApi }) => {
      const body = v.parse(InviteBrandUserBodySchema, value)
      try {
        unwrap(await guard(() => inviteBrandUserFn({ data: { brandId: brand.id, body } }) as Promise<UpstreamResult<unknown>>))
      } catch (error) {
        // Already a user of the brand: said beside the address, which stays as typed.
        showRejectedFields(formApi, error, { email: 'email' }, () => t`This address is a user of ${name} already.`)
        return
      } finally {
        await queryClient.invalidateQueries({ queryKey: BRANDS_KEY })
      }
      feedback.toast({ severity: 'success', summary: t`Invitation sent`, detail: t`${body.email} can join ${name} with the link we e-mailed.` })
      formApi.reset({ email: '' })
    },
  })
  return (
    <ContractForm form={form} label={t`Invite a user of ${name}`} className="flex flex-wrap items-end gap-3">
      <form.AppField name="email">
        {(field) => (
          <field.TextInput label={t`E-mail address to invite`} type="email" autoComplete="off" invalid={t`Enter an e-mail address.`} className="w-72" />
        )}
      </form.AppField>
      <form.SubmitButton>{t`Send the invitation`}</form.SubmitButton>
    </ContractForm>
  )
}

function CreateBrandForm() {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const create = useMutation({
    mutationFn: async (name: string) => unwrap(await createBrandFn({ data: { name } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BRANDS_KEY }),
  })
  const form = useAppForm({
    defaultValues: { name: '' },
    validators: { onSubmit: CreateBrandBodySchema },
    onSubmit: async ({ value, formApi }) => {
      const { name } = v.parse(CreateBrandBodySchema, value)
      try {
        await create.mutateAsync(name)
      } catch (error) {
        showRejectedFields(formApi, error, { name: 'name' }, () => t`A brand of this name exists already.`)
        return
      }
      feedback.toast({ severity: 'success', summary: t`Brand added`, detail: t`${name} can now be invited to.` })
      formApi.reset({ name: '' })
    },
  })
  return (
    <ContractForm form={form} label={t`Add a brand`} className="flex flex-wrap items-end gap-3 rounded-xl border border-line bg-white p-4">
      <form.AppField name="name">
        {(field) => <field.TextInput label={t`Brand name`} autoComplete="off" invalid={t`Enter the brand's name.`} className="w-72" />}
      </form.AppField>
      <form.SubmitButton>{t`Add the brand`}</form.SubmitButton>
    </ContractForm>
  )
}
