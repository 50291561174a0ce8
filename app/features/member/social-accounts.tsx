import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useRef, useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { HttpUrl, SOCIAL_PLATFORMS, type SocialPlatform } from '#contract/common'
import type { SocialProfile, SocialProfileInput, SocialProfilesResult } from '#contract/members'
import { safeRedirectTarget } from '~/auth/redirect-target'
import { Button } from '~/components/ui/button'
import { EmptyState } from '~/components/ui/empty-state'
import { feedback } from '~/components/ui/feedback-store'
import { SelectField, TextField } from '~/components/ui/field'
import { platformLabel } from '~/lib/social-texts'
import { formValues, rejectedFieldErrors, type FieldErrors } from '~/lib/form'
import { formatDate } from '~/lib/date-format'
import { removeSocialProfileFn, saveSocialProfileFn } from '~/features/member/social-profiles.functions'
import { socialProfilesQuery } from '~/features/member/member.queries'
import { unwrap } from '~/upstream/upstream-result'
import { refreshMemberData } from '~/lib/member-data/member-data.queries'

const FIELDS = ['platform', 'handle', 'url', 'followers'] as const
type Field = (typeof FIELDS)[number]

const fieldMessage: Record<Field, MessageDescriptor> = {
  platform: msg`Choose the platform.`,
  handle: msg`Enter your user name on this platform, without spaces (at most 100 characters).`,
  url: msg`Enter the whole web address of your profile, starting with https://, or leave it empty.`,
  followers: msg`Enter how many followers you have, as a whole number (0 or more).`,
}

const checks = {
  platform: v.picklist(SOCIAL_PLATFORMS),
  handle: v.pipe(
    v.string(),
    v.trim(),
    v.transform((s) => s.replace(/^@/, '')),
    v.minLength(1),
    v.maxLength(100),
    v.regex(/^\S+$/),
  ),
  url: v.union([v.literal(''), HttpUrl]),
  followers: v.pipe(v.string(), v.trim(), v.regex(/^\d{1,10}$/), v.transform(Number), v.maxValue(1_000_000_000)),
}

/** The form's values as the member API's input, or the fields that are wrong. */
export function checkSocialProfile(values: Record<string, unknown>): { ok: true; data: SocialProfileInput } | { ok: false; fields: Field[] } {
  const bad: Field[] = []
  const out: Partial<Record<Field, unknown>> = {}
  for (const field of FIELDS) {
    const result = v.safeParse(checks[field], values[field] ?? '')
    if (result.success) out[field] = result.output
    else bad.push(field)
  }
  if (bad.length > 0) return { ok: false, fields: bad }
  return {
    ok: true,
    data: {
      platform: out.platform as SocialPlatform,
      handle: out.handle as string,
      url: out.url ? (out.url as string) : undefined,
      followers: out.followers as number,
    },
  }
}

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
  const { data } = useSuspenseQuery(socialProfilesQuery)
  const [errors, setErrors] = useState<FieldErrors>({})
  const form = useRef<HTMLFormElement>(null)

  async function changed(result: SocialProfilesResult) {
    queryClient.setQueryData(socialProfilesQuery.queryKey, result)
    // Eligibility and the "connect a social account" mission depend on these.
    await refreshMemberData(queryClient, 'social-profiles')
  }

  const save = useMutation({
    mutationFn: async (input: SocialProfileInput) => unwrap(await saveSocialProfileFn({ data: input })),
    onSuccess: async (result, input) => {
      await changed(result)
      form.current?.reset()
      const platform = i18n._(platformLabel[input.platform])
      feedback.toast({ severity: 'success', summary: t`Account saved`, detail: t`Your ${platform} account is connected.` })
      if (redirect) await navigate({ href: safeRedirectTarget(redirect), replace: true })
    },
    onError: (error) => {
      const next = rejectedFieldErrors(error, FIELDS, (field) => i18n._(fieldMessage[field]))
      if (next) setErrors(next)
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

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (save.isPending) return
    const checked = checkSocialProfile(formValues(event.currentTarget))
    if (!checked.ok) {
      setErrors(Object.fromEntries(checked.fields.map((field) => [field, i18n._(fieldMessage[field])])))
      return
    }
    setErrors({})
    save.mutate(checked.data)
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
        <form ref={form} noValidate onSubmit={submit} className="mt-4 grid max-w-2xl gap-5 sm:grid-cols-2" aria-labelledby="add-title">
          <SelectField
            label={t`Platform`}
            name="platform"
            defaultValue=""
            error={errors.platform}
            options={[{ value: '', label: t`Choose a platform` }, ...SOCIAL_PLATFORMS.map((p) => ({ value: p, label: i18n._(platformLabel[p]) }))]}
          />
          <TextField
            label={t`User name`}
            name="handle"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.handle}
            description={t`As it appears after the @.`}
          />
          <TextField
            className="sm:col-span-2"
            label={t`Link to your profile (optional)`}
            name="url"
            type="url"
            inputMode="url"
            placeholder="https://"
            error={errors.url}
          />
          <TextField label={t`Followers`} name="followers" inputMode="numeric" error={errors.followers} />
          <div className="sm:col-span-2">
            <Button type="submit" size="large" loading={save.isPending}>
              {t`Save account`}
            </Button>
          </div>
        </form>
      </section>
    </div>
  )
}
