import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import * as v from 'valibot'
import { SOCIAL_PLATFORMS, type SocialPlatform } from '#contract/common'
import { SocialProfileInputSchema, type SocialProfile, type SocialProfileInput, type SocialProfilesResult } from '#contract/members'
import { safeRedirectTarget } from '~/auth/redirect-target'
import { Button } from '~/components/ui/button'
import { EmptyState } from '~/components/ui/empty-state'
import { feedback } from '~/components/ui/feedback-store'
import { platformLabel } from '~/lib/social-texts'
import { blankAs, ContractForm, showRejectedFields, useAppForm } from '~/lib/contract-form'
import { formatDate } from '~/lib/date-format'
import { removeSocialProfileFn, saveSocialProfileFn } from '~/features/member/social-profiles.functions'
import { socialProfilesQuery } from '~/features/member/member.queries'
import { unwrap } from '~/upstream/upstream-result'
import { refreshMemberData } from '~/lib/member-data/member-data.queries'
import { useSuspenseQueryData } from '~/lib/query-data'

/** The form's values: the platform is '' until one is chosen, the followers null while empty (the schema refuses both). */
type SocialProfileValues = { platform: SocialPlatform | ''; handle: string; url: string; followers: number | null }
type SocialProfileField = keyof SocialProfileValues

const { platform, handle, url, followers } = SocialProfileInputSchema.entries
/** The contract's profile input, from the form's fields: a handle typed with its @ is taken without it, an empty link is none. */
const SocialProfileFormSchema = v.strictObject({
  platform,
  handle: v.pipe(
    v.string(),
    v.transform((text) => text.trim().replace(/^@/, '')),
    handle,
  ),
  url: blankAs(undefined, url),
  followers,
})

/** The member API names the profile's own fields. */
const API_FIELDS: Record<string, SocialProfileField> = { platform: 'platform', handle: 'handle', url: 'url', followers: 'followers' }

const EMPTY: SocialProfileValues = { platform: '', handle: '', url: '', followers: null }

function ProfileRow({ profile, onRemove, removing }: { profile: SocialProfile; onRemove: () => void; removing: boolean }) {
  const { t, i18n } = useLingui()
  const platform = i18n._(platformLabel[profile.platform])
  const followers = new Intl.NumberFormat(i18n.locale).format(profile.followers)
  const updated = formatDate(profile.updatedAt)
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line bg-white p-4">
      <div>
        <p className="font-semibold text-ink">{platform}</p>
        <p className="text-ink">
          {profile.url ? (
            <a href={profile.url} target="_blank" rel="noopener noreferrer" className="text-colbolt underline underline-offset-2">
              @{profile.handle}
            </a>
          ) : (
            <>@{profile.handle}</>
          )}{' '}
          · {t`${followers} followers`}
        </p>
        <p className="text-sm text-muted">{t`Updated ${updated}`}</p>
      </div>
      <Button variant="outlined" severity="danger" size="small" loading={removing} onClick={onRemove} aria-label={t`Remove ${platform}`}>
        {t`Remove`}
      </Button>
    </li>
  )
}

export function SocialAccounts({ redirect }: { redirect?: string }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const data = useSuspenseQueryData(socialProfilesQuery)

  /** One sentence per field, for the schema's refusal and the member API's alike. */
  const invalid: Record<SocialProfileField, string> = {
    platform: t`Choose the platform.`,
    handle: t`Enter your user name on this platform, without spaces (at most 100 characters).`,
    url: t`Enter the whole web address of your profile, starting with https://, or leave it empty.`,
    followers: t`Enter how many followers you have, as a whole number (0 or more).`,
  }

  async function changed(result: SocialProfilesResult) {
    queryClient.setQueryData(socialProfilesQuery.queryKey, result)
    // Eligibility and the "connect a social account" mission depend on these.
    await refreshMemberData(queryClient, 'social-profiles')
  }

  const save = useMutation({
    mutationFn: async (input: SocialProfileInput) => unwrap(await saveSocialProfileFn({ data: input })),
    onSuccess: changed,
  })

  const form = useAppForm({
    defaultValues: EMPTY,
    validators: { onSubmit: SocialProfileFormSchema },
    onSubmit: async ({ value, formApi }) => {
      const input = v.parse(SocialProfileFormSchema, value)
      try {
        await save.mutateAsync(input)
      } catch (error) {
        // A refused field is shown under it; anything else the error catalogue answered.
        showRejectedFields(formApi, error, API_FIELDS, (field) => invalid[field as SocialProfileField])
        return
      }
      // The account is in the list above now: the form is ready for another one.
      formApi.reset()
      const platform = i18n._(platformLabel[input.platform])
      feedback.toast({ severity: 'success', summary: t`Account saved`, detail: t`Your ${platform} account is connected.` })
      if (redirect) await navigate({ href: safeRedirectTarget(redirect), replace: true })
    },
  })

  const remove = useMutation({
    mutationFn: async (platform: SocialPlatform) => unwrap(await removeSocialProfileFn({ data: { platform } })),
    onSuccess: async (result, platform) => {
      await changed(result)
      const label = i18n._(platformLabel[platform])
      feedback.toast({ severity: 'success', summary: t`Account removed`, detail: t`Your ${label} account is no longer connected.` })
    },
  })

  function confirmRemove(profile: SocialProfile) {
    const platform = i18n._(platformLabel[profile.platform])
    feedback.confirm({
      header: t`Remove your ${platform} account?`,
      message: t`Tests that ask for a connected social account will no longer be open to you until you connect one again.`,
      acceptLabel: t`Remove`,
      rejectLabel: t`Keep it`,
      closable: true,
      onAccept: () => remove.mutate(profile.platform),
    })
  }

  const profiles = data.profiles
  return (
    <div className="space-y-10">
      <section aria-labelledby="connected-title">
        <h2 id="connected-title" className="text-xl font-bold text-authentic">
          <Trans>Connected accounts</Trans>
        </h2>
        <div className="mt-4">
          {profiles.length === 0 ? (
            <EmptyState title={<Trans>No account connected yet</Trans>}>
              <Trans>Add the account where you post about the products you test. Some tests are only open to members with one.</Trans>
            </EmptyState>
          ) : (
            <ul className="space-y-3">
              {profiles.map((profile) => (
                <ProfileRow
                  key={profile.platform}
                  profile={profile}
                  removing={remove.isPending && remove.variables === profile.platform}
                  onRemove={() => confirmRemove(profile)}
                />
              ))}
            </ul>
          )}
        </div>
      </section>

      <section aria-labelledby="add-title">
        <h2 id="add-title" className="text-xl font-bold text-authentic">
          <Trans>Add or update an account</Trans>
        </h2>
        <p className="mt-1 text-ink">
          <Trans>One account per platform: saving a platform you already connected replaces it.</Trans>
        </p>
        <ContractForm form={form} label={t`Add or update an account`} className="mt-4 grid max-w-2xl gap-5 sm:grid-cols-2">
          <form.AppField name="platform">
            {(field) => (
              <field.SelectInput
                label={t`Platform`}
                invalid={invalid.platform}
                options={[{ value: '', label: t`Choose a platform` }, ...SOCIAL_PLATFORMS.map((p) => ({ value: p, label: i18n._(platformLabel[p]) }))]}
              />
            )}
          </form.AppField>
          <form.AppField name="handle">
            {(field) => (
              <field.TextInput
                label={t`User name`}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                invalid={invalid.handle}
                description={t`As it appears after the @.`}
              />
            )}
          </form.AppField>
          <form.AppField name="url">
            {(field) => (
              <field.TextInput
                className="sm:col-span-2"
                label={t`Link to your profile (optional)`}
                type="url"
                inputMode="url"
                placeholder="https://"
                invalid={invalid.url}
              />
            )}
          </form.AppField>
          <form.AppField name="followers">{(field) => <field.NumberInput label={t`Followers`} min={0} step={1} invalid={invalid.followers} />}</form.AppField>
          <div className="sm:col-span-2">
            <form.SubmitButton size="large">{t`Save account`}</form.SubmitButton>
          </div>
        </ContractForm>
      </section>
    </div>
  )
}
