import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import * as v from 'valibot'
import { SOCIAL_PLATFORMS, type SocialPlatform } from '#contract/common'
import { SocialPostBodySchema, type SocialPost } from '#contract/content'
import type { Participation } from '#contract/participations'
import { Button } from '~/components/ui/button'
import { feedback } from '~/components/ui/feedback-store'
import { FormAlert } from '~/components/ui/field'
import { currentParticipation, hasTasks } from '~/lib/participation-steps'
import { formatDate } from '~/lib/date-format'
import { ContractForm, showRejectedFields, useAppForm } from '~/lib/contract-form'
import { unwrap } from '~/upstream/upstream-result'
import { IMPRESSION_FIELDS, ImpressionsFormSchema, type ImpressionField } from './impressions-rules'
import { impressionHint, impressionLabel, platformLabel } from '~/lib/social-texts'
import { campaignParticipationsQuery, participationsQuery } from '~/lib/member-data/member-data.queries'
import { reportImpressionsFn, submitSocialPostFn } from '~/features/social/social-posts.functions'
import { socialPostsQuery } from '~/features/social/social.queries'
import { useLocale } from '~/lib/locale'

/** Social posts of a participation: their links per platform, then the impressions they made. */
export function SocialContent({ campaignId }: { campaignId: string }) {
  const locale = useLocale()
  const { t } = useLingui()
  const participations = useSuspenseQuery(campaignParticipationsQuery(campaignId))
  const p = currentParticipation(participations.data.items)
  const posts = useQuery({ ...socialPostsQuery(p?.id ?? ''), enabled: p !== null && hasTasks(p) })

  const back = (
    <Button asChild severity="secondary" className="mt-4">
      <Link to="/$locale/member/campaigns/$id" params={{ locale, id: campaignId }}>
        {t`Back to my campaign`}
      </Link>
    </Button>
  )
  if (!p || !hasTasks(p) || !p.campaign.tasks.social) {
    return (
      <div className="rounded-2xl border border-line bg-canvas p-6">
        <p className="text-ink">
          {!p
            ? t`You have not applied for this campaign.`
            : !p.campaign.tasks.social
              ? t`This test has no social posts to share. Your other tasks are on the campaign page.`
              : t`Social posts open once you are selected for this test.`}
        </p>
        {back}
      </div>
    )
  }

  if (posts.isPending) return <p className="text-muted">{t`Loading your social posts…`}</p>
  if (posts.isError) return <FormAlert>{t`We could not load your social posts. Please try again in a moment.`}</FormAlert>

  return (
    <div className="flex flex-col gap-10">
      <p className="text-ink">
        <Trans>
          For <strong>{p.campaign.title}</strong>. Mention that you received the product for free, for example with #gifted.
        </Trans>
      </p>
      <section aria-labelledby="posts-heading">
        <h2 id="posts-heading" className="text-xl font-bold text-authentic">
          <Trans>1. Your post links</Trans>
        </h2>
        {posts.data.posts.length > 0 ? (
          <ul className="mt-4 flex flex-col gap-2">
            {posts.data.posts.map((post) => (
              <PostLink key={post.id} post={post} />
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-ink">{t`No links yet. Add the first one below.`}</p>
        )}
        <PostLinkForm participation={p} posts={posts.data.posts} />
      </section>

      <section aria-labelledby="impressions-heading">
        <h2 id="impressions-heading" className="text-xl font-bold text-authentic">
          <Trans>2. Impressions</Trans>
        </h2>
        <p className="mt-1 text-ink">
          <Trans>About a week after posting, copy the numbers from your post's statistics. You can report again later; we keep every report.</Trans>
        </p>
        {posts.data.posts.length === 0 ? (
          <p className="mt-3 text-ink">{t`Add a post link first; then you can report its impressions here.`}</p>
        ) : (
          <div className="mt-4 flex flex-col gap-6">
            {posts.data.posts.map((post) => (
              <ImpressionsForm key={post.id} post={post} participation={p} />
            ))}
          </div>
        )}
      </section>
      <div>{back}</div>
    </div>
  )
}

function PostLink({ post }: { post: SocialPost }) {
  const { t, i18n } = useLingui()
  const on = formatDate(post.submittedAt)
  return (
    <li className="flex flex-col gap-1 rounded-lg border border-line bg-white p-3 sm:flex-row sm:items-center sm:gap-4">
      <span className="font-semibold text-ink sm:w-28">{i18n._(platformLabel[post.platform])}</span>
      <a href={post.url} target="_blank" rel="noreferrer noopener" className="min-w-0 flex-1 truncate text-colbolt underline">
        {post.url}
        <span className="sr-only"> {t`(opens in a new tab)`}</span>
      </a>
      <span className="text-sm text-muted">{t`added ${on}`}</span>
    </li>
  )
}

/** The member API's field paths → this form's fields. */
const POST_FIELDS = { platform: 'platform', url: 'url' } as const
type PostField = keyof typeof POST_FIELDS

function PostLinkForm({ participation, posts }: { participation: Participation; posts: SocialPost[] }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  // The platforms the campaign asks for (any when it names none), less those with a link already.
  const asked = participation.campaign.tasks.socialPlatforms
  const free = SOCIAL_PLATFORMS.filter((platform) => (asked.length === 0 || asked.includes(platform)) && !posts.some((post) => post.platform === platform))
  const invalid: Record<PostField, string> = {
    platform: t`Choose the platform you posted on.`,
    url: t`Enter the full address of your post, starting with https://.`,
  }
  // The contract's post body for this participation, its platform narrowed to those still free.
  const schema = v.strictObject({
    platform: v.pipe(
      SocialPostBodySchema.entries.platform,
      v.check((platform) => free.includes(platform)),
    ),
    url: SocialPostBodySchema.entries.url,
  })

  const add = useMutation({
    mutationFn: async (input: { platform: SocialPlatform; url: string }) =>
      unwrap(await submitSocialPostFn({ data: { participationId: participation.id, ...input } })),
    onSuccess: async (post) => {
      queryClient.setQueryData(socialPostsQuery(participation.id).queryKey, (current) => (current ? { posts: [post, ...current.posts] } : current))
      await queryClient.invalidateQueries({ queryKey: participationsQuery.queryKey })
    },
  })

  const form = useAppForm({
    defaultValues: { platform: '', url: '' },
    validators: { onSubmit: schema },
    onSubmit: async ({ value, formApi }) => {
      try {
        await add.mutateAsync(v.parse(schema, value))
      } catch (error) {
        // A refused field is shown under it; anything else the error catalogue answered.
        showRejectedFields(formApi, error, POST_FIELDS, (field) => invalid[field as PostField])
        return
      }
      formApi.reset()
      feedback.toast({ severity: 'success', summary: t`Post link added`, detail: t`Report its impressions once it has been up for a few days.` })
    },
  })

  if (free.length === 0) return <p className="mt-4 text-ink">{t`You added a link for every platform. Thank you!`}</p>

  return (
    <ContractForm form={form} label={t`Add a post link`} className="mt-5 grid gap-4 rounded-xl border border-line bg-canvas p-4 sm:grid-cols-[12rem_1fr]">
      <form.AppField name="platform">
        {(field) => (
          <field.SelectInput
            label={t`Platform`}
            invalid={invalid.platform}
            options={[{ value: '', label: t`Choose` }, ...free.map((platform) => ({ value: platform, label: i18n._(platformLabel[platform]) }))]}
          />
        )}
      </form.AppField>
      <form.AppField name="url">
        {(field) => <field.TextInput label={t`Link to your post`} invalid={invalid.url} type="url" inputMode="url" placeholder="https://" />}
      </form.AppField>
      <div className="sm:col-span-2">
        <form.SubmitButton>{t`Add the link`}</form.SubmitButton>
      </div>
    </ContractForm>
  )
}

/** The member API's field paths → this form's fields. */
const IMPRESSION_API_FIELDS: Record<string, ImpressionField> = Object.fromEntries(IMPRESSION_FIELDS.map((field) => [field, field]))

/** The numbers last reported, as the form shows them (empty before the first report). */
const typedNumbers = (latest: Record<ImpressionField, number> | null): Record<ImpressionField, string> =>
  Object.fromEntries(IMPRESSION_FIELDS.map((field) => [field, latest ? String(latest[field]) : ''])) as Record<ImpressionField, string>

function ImpressionsForm({ post, participation }: { post: SocialPost; participation: Participation }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const latest = post.impressions.at(-1) ?? null
  const platform = i18n._(platformLabel[post.platform])
  const message = (field: ImpressionField) => {
    const label = i18n._(impressionLabel[field])
    return t`${label}: enter a whole number of 0 or more, like 1200.`
  }

  const report = useMutation({
    mutationFn: async (numbers: Record<ImpressionField, number>) => unwrap(await reportImpressionsFn({ data: { postId: post.id, ...numbers } })),
    onSuccess: async (updated) => {
      queryClient.setQueryData(socialPostsQuery(participation.id).queryKey, (current) =>
        current ? { posts: current.posts.map((p) => (p.id === updated.id ? updated : p)) } : current,
      )
      await queryClient.invalidateQueries({ queryKey: participationsQuery.queryKey })
    },
  })

  const form = useAppForm({
    defaultValues: typedNumbers(latest),
    validators: { onSubmit: ImpressionsFormSchema },
    onSubmit: async ({ value, formApi }) => {
      let updated: SocialPost
      try {
        updated = await report.mutateAsync(v.parse(ImpressionsFormSchema, value))
      } catch (error) {
        // A refused number is shown under it; anything else the error catalogue answered.
        showRejectedFields(formApi, error, IMPRESSION_API_FIELDS, (field) => message(field as ImpressionField))
        return
      }
      formApi.reset(typedNumbers(updated.impressions.at(-1) ?? null))
      feedback.toast({ severity: 'success', summary: t`Impressions reported`, detail: t`Thank you! Brands love to see how far your post travelled.` })
    },
  })

  const reportedOn = latest ? formatDate(latest.reportedAt) : null
  return (
    <div data-testid="impressions-form">
      <ContractForm form={form} label={t`Your ${platform} post`} className="rounded-xl border border-line bg-white p-4 sm:p-5">
        <h3 className="font-semibold text-ink">{t`Your ${platform} post`}</h3>
        {latest && reportedOn ? (
          <p className="mt-1 text-sm text-ink" data-testid="latest-impressions">
            {t`Last reported ${reportedOn}: reach ${latest.reach}, likes ${latest.likes}, comments ${latest.comments}, shares ${latest.shares}.`}
          </p>
        ) : (
          <p className="mt-1 text-sm text-muted">{t`Not reported yet.`}</p>
        )}
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          {IMPRESSION_FIELDS.map((name) => (
            <form.AppField key={name} name={name}>
              {(field) => (
                <field.TextInput
                  label={i18n._(impressionLabel[name])}
                  invalid={message(name)}
                  inputMode="numeric"
                  autoComplete="off"
                  description={i18n._(impressionHint[name])}
                />
              )}
            </form.AppField>
          ))}
        </div>
        <form.SubmitButton className="mt-4">{latest ? t`Report new numbers` : t`Report impressions`}</form.SubmitButton>
      </ContractForm>
    </div>
  )
}
