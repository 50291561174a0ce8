import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import * as v from 'valibot'
import { CreateBrandBodySchema, InviteBrandUserBodySchema, type InvitationState, type OpsBrand } from '#contract/brands'
import { useRecentSignIn } from '~/auth/use-recent-sign-in'
import { Button } from '~/components/ui/button'
import { feedback } from '~/components/ui/feedback-store'
import { ContractForm, showRejectedFields, useAppForm } from '~/lib/contract-form'
import { formatDate } from '~/lib/date-format'
import { unwrap, type UpstreamResult } from '~/upstream/upstream-result'
import { createBrandFn, inviteBrandUserFn, removeBrandUserFn, withdrawInvitationFn } from './ops-brands.functions'
import { brandListQuery } from './ops-brands.queries'

const BRANDS_KEY = ['member', 'ops', 'brands']

/**
 * Admins: the brands, who follows each, and invitations to join one. A brand is added with its
 * first product too (by the name the product gives); one is added here to invite its users first.
 */
export function BrandsPage() {
  const { t } = useLingui()
  const { data } = useSuspenseQuery(brandListQuery)
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
      {(brand.users.length > 0 || brand.invitations.length > 0) && (
        <table className="w-full text-left text-sm text-ink">
          <caption className="mb-1 text-left font-semibold">{t`Users of ${name}`}</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-4">{t`Person`}</th>
              <th scope="col" className="py-1 pr-4">{t`Joined`}</th>
              <th scope="col" className="py-1 pr-4">{t`Invitation`}</th>
              <th scope="col" className="py-1 pr-4">
                <span className="sr-only">{t`Actions`}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {brand.users.map((user) => {
              const email = user.email
              return (
                <tr key={user.uid}>
                  <th scope="row" className="py-1 pr-4 font-normal">
                    {user.name ? `${user.name} (${email})` : email}
                  </th>
                  <td className="py-1 pr-4">{formatDate(user.joinedAt)}</td>
                  <td className="py-1 pr-4">{stateLabel('accepted')}</td>
                  <td className="py-1 pr-4">
                    <Button
                      size="small"
                      severity="danger"
                      variant="text"
                      aria-label={t`Remove ${email} from ${name}`}
                      onClick={() =>
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
                    >
                      {t`Remove`}
                    </Button>
                  </td>
                </tr>
              )
            })}
            {brand.invitations.map((invitation) => {
              const email = invitation.email
              const until = formatDate(invitation.expiresAt)
              return (
                <tr key={invitation.id}>
                  <th scope="row" className="py-1 pr-4 font-normal">
                    {email}
                  </th>
                  <td className="py-1 pr-4">{t`Not yet`}</td>
                  <td className="py-1 pr-4">{invitation.state === 'open' ? t`Waiting, until ${until}` : stateLabel(invitation.state)}</td>
                  <td className="py-1 pr-4">
                    {invitation.state === 'open' && (
                      <Button
                        size="small"
                        severity="danger"
                        variant="text"
                        aria-label={t`Withdraw the invitation to ${email}`}
                        onClick={async () => {
                          const done = await withdraw.mutateAsync(invitation.id).then(
                            () => true,
                            () => false,
                          )
                          if (done)
                            feedback.toast({ severity: 'success', summary: t`Invitation withdrawn`, detail: t`The link sent to ${email} no longer works.` })
                        }}
                      >
                        {t`Withdraw`}
                      </Button>
                    )}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      )}
      {brand.users.length === 0 && brand.invitations.length === 0 && <p className="text-muted">{t`Nobody follows ${name} yet.`}</p>}
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
