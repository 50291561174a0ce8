import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { EMAIL_ONLY_TOPICS, type NotificationSettings } from '#contract/members'
import { Button } from '~/components/ui/button'
import { feedback } from '~/components/ui/feedback-store'
import { FormAlert } from '~/components/ui/field'
import { saveNotificationsFn } from '~/features/member/notifications.functions'
import { notificationsQuery } from '~/features/member/member.queries'
import { unwrap } from '~/upstream/upstream-result'
import { memberInfoQuery } from '~/lib/member-data/member-data.queries'
import { localePath, useLocale } from '~/lib/locale'

type Channel = keyof NotificationSettings
type Topic = keyof NotificationSettings['email']

const TOPICS: ReadonlyArray<{
  key: Topic
  label: MessageDescriptor
  description: MessageDescriptor
}> = [
  {
    key: 'newCampaigns',
    label: msg`New campaigns`,
    description: msg`When a test you could take part in opens for sign-up.`,
  },
  {
    key: 'shipmentUpdates',
    label: msg`Shipments`,
    description: msg`When your product ships, is delivered, or a return moves on.`,
  },
  {
    key: 'reminders',
    label: msg`Reminders`,
    description: msg`Before a review or another task is due.`,
  },
  {
    key: 'newsletter',
    label: msg`Newsletter`,
    description: msg`News from the community, about once a month.`,
  },
]

/**
 * Which messages the member receives, per topic and channel. Text messages go only to a verified
 * mobile number: without one, those choices are shown but cannot be switched on.
 */
export function NotificationSettingsForm() {
  const locale = useLocale()
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const saved = useSuspenseQuery(notificationsQuery)
  const info = useQuery(memberInfoQuery)
  const [edited, setEdited] = useState<NotificationSettings | null>(null)
  const save = useMutation({
    mutationFn: async (settings: NotificationSettings) => unwrap(await saveNotificationsFn({ data: settings })),
    onSuccess: (settings) => {
      queryClient.setQueryData(notificationsQuery.queryKey, settings)
      setEdited(null)
      feedback.toast({
        severity: 'success',
        summary: t`Notifications saved`,
        detail: t`We will write to you as you chose.`,
      })
    },
  })

  const settings = edited ?? saved.data
  const phoneVerified = info.data?.member.phoneVerified === true

  function toggle(channel: Channel, topic: Topic, on: boolean) {
    setEdited({
      ...settings,
      [channel]: { ...settings[channel], [topic]: on },
    })
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (save.isPending) return
    // Without a verified number nothing can go out by text message, whatever was stored before.
    const sms = phoneVerified
      ? settings.sms
      : {
          newCampaigns: false,
          shipmentUpdates: false,
          reminders: false,
          newsletter: false,
        }
    save.mutate({ email: settings.email, sms })
  }

  const channels: ReadonlyArray<{
    key: Channel
    name: string
    enabled: boolean
  }> = [
    { key: 'email', name: t`E-mail`, enabled: true },
    { key: 'sms', name: t`Text message`, enabled: phoneVerified },
  ]

  return (
    <form onSubmit={submit} className="space-y-6" noValidate>
      {!phoneVerified && (
        <FormAlert tone="info">
          <Trans>
            Text messages go to a verified mobile number.{' '}
            <Link
              to="/$locale/member/phone"
              params={{ locale }}
              search={{ redirect: localePath('/member/notifications', locale) }}
              className="font-semibold text-colbolt underline"
            >
              Verify your number
            </Link>{' '}
            to choose them.
          </Trans>
        </FormAlert>
      )}
      <div className="space-y-4">
        {TOPICS.map((topic) => {
          const label = i18n._(topic.label)
          return (
            <fieldset key={topic.key} className="rounded-xl border border-line bg-white p-4" aria-describedby={`topic-${topic.key}`}>
              <legend className="px-1 font-semibold text-ink">{label}</legend>
              <p id={`topic-${topic.key}`} className="text-sm text-muted">
                {i18n._(topic.description)}
              </p>
              <div className="mt-3 flex flex-wrap gap-6">
                {channels.map((channel) => {
                  const id = `${channel.key}-${topic.key}`
                  if (channel.key === 'sms' && EMAIL_ONLY_TOPICS.includes(topic.key)) {
                    return (
                      <p key={channel.key} className="text-sm text-muted">
                        {t`By e-mail only`}
                      </p>
                    )
                  }
                  return (
                    <div key={channel.key} className="flex items-center gap-2">
                      <input
                        id={id}
                        type="checkbox"
                        className="size-4 accent-toga"
                        checked={channel.enabled && settings[channel.key][topic.key]}
                        disabled={!channel.enabled}
                        onChange={(event) => toggle(channel.key, topic.key, event.currentTarget.checked)}
                      />
                      <label htmlFor={id} className={channel.enabled ? 'text-ink' : 'text-muted'}>
                        <span className="sr-only">{t`${label} by`} </span>
                        {channel.name}
                      </label>
                    </div>
                  )
                })}
              </div>
            </fieldset>
          )
        })}
      </div>
      <Button type="submit" loading={save.isPending} disabled={edited === null}>
        {t`Save my choices`}
      </Button>
    </form>
  )
}
