import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { EMAIL_ONLY_TOPICS, NotificationSettingsSchema, type NotificationSettings } from '#contract/members'
import { feedback } from '~/components/ui/feedback-store'
import { FormAlert } from '~/components/ui/field'
import { ContractForm, useAppForm } from '~/lib/contract-form'
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

/** Nothing goes out by text message without a verified number, whatever was stored before. */
const NO_TEXT_MESSAGES: NotificationSettings['sms'] = { newCampaigns: false, shipmentUpdates: false, reminders: false, newsletter: false }

const valuesOf = (settings: NotificationSettings, phoneVerified: boolean): NotificationSettings =>
  phoneVerified ? settings : { email: settings.email, sms: NO_TEXT_MESSAGES }

/**
 * Which messages the member receives, per topic and channel. Text messages go only to a verified
 * mobile number: without one, those choices are shown but cannot be switched on.
 */
export function NotificationSettingsForm() {
  const saved = useSuspenseQuery(notificationsQuery)
  const info = useQuery(memberInfoQuery)
  const phoneVerified = info.data?.member.phoneVerified === true
  // Drawn afresh when the number's state is known or changes: the text-message choices follow it.
  return <NotificationSettingsEditor key={String(phoneVerified)} saved={saved.data} phoneVerified={phoneVerified} />
}

function NotificationSettingsEditor({ saved, phoneVerified }: { saved: NotificationSettings; phoneVerified: boolean }) {
  const locale = useLocale()
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const save = useMutation({
    mutationFn: async (settings: NotificationSettings) => unwrap(await saveNotificationsFn({ data: settings })),
    onSuccess: (settings) => queryClient.setQueryData(notificationsQuery.queryKey, settings),
  })

  const form = useAppForm({
    defaultValues: valuesOf(saved, phoneVerified),
    validators: { onSubmit: NotificationSettingsSchema },
    onSubmit: async ({ value, formApi }) => {
      let settings: NotificationSettings
      try {
        settings = await save.mutateAsync(value)
      } catch {
        // The error catalogue answered (the choices are on and off only, no field of them can be
        // refused); the choices stay as the member left them.
        return
      }
      formApi.reset(valuesOf(settings, phoneVerified))
      feedback.toast({
        severity: 'success',
        summary: t`Notifications saved`,
        detail: t`We will write to you as you chose.`,
      })
    },
  })

  const channels: ReadonlyArray<{
    key: Channel
    name: string
    enabled: boolean
  }> = [
    { key: 'email', name: t`E-mail`, enabled: true },
    { key: 'sms', name: t`Text message`, enabled: phoneVerified },
  ]

  return (
    <ContractForm form={form} label={t`Notifications`} className="space-y-6">
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
                {channels.map((channel) =>
                  channel.key === 'sms' && EMAIL_ONLY_TOPICS.includes(topic.key) ? (
                    <p key={channel.key} className="text-sm text-muted">
                      {t`By e-mail only`}
                    </p>
                  ) : (
                    <form.AppField key={channel.key} name={`${channel.key}.${topic.key}`}>
                      {(field) => (
                        <field.CheckboxInput
                          label={
                            <>
                              <span className="sr-only">{t`${label} by`} </span>
                              {channel.name}
                            </>
                          }
                          invalid={t`Tick or untick this choice.`}
                          disabled={!channel.enabled}
                        />
                      )}
                    </form.AppField>
                  ),
                )}
              </div>
            </fieldset>
          )
        })}
      </div>
      {/* Nothing to save until a choice differs from the saved ones. */}
      <form.Subscribe selector={(state) => state.isDefaultValue}>
        {(unchanged) => <form.SubmitButton unavailable={unchanged}>{t`Save my choices`}</form.SubmitButton>}
      </form.Subscribe>
    </ContractForm>
  )
}
