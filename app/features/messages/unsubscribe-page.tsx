import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import type { MessageChannel, SettingsTopic } from '#contract/messages'
import { Button } from '~/components/ui/button'
import { FormAlert } from '~/components/ui/field'
import { useLocale } from '~/lib/locale'
import { confirmUnsubscribeFn } from './unsubscribe.functions'
import { linkOf, unsubscribeLinkQuery, type UnsubscribeLink } from './unsubscribe-link'
import { useSuspenseQueryData } from '~/lib/query-data'

/** The page for the link this token makes (none: the page says the link cannot be used). */
export function UnsubscribeLinkPage({ token }: { token: string | undefined }) {
  const link = useSuspenseQueryData(unsubscribeLinkQuery(token))
  return <UnsubscribePage link={link} />
}

/** What the link stops, in the settings page's words, per channel and topic. */
const ACTION: Record<MessageChannel, Record<SettingsTopic, MessageDescriptor>> = {
  email: {
    newCampaigns: msg`Stop new campaign messages by e-mail`,
    shipmentUpdates: msg`Stop shipment updates by e-mail`,
    reminders: msg`Stop reminders by e-mail`,
    newsletter: msg`Stop the newsletter by e-mail`,
  },
  sms: {
    newCampaigns: msg`Stop new campaign messages by text message`,
    shipmentUpdates: msg`Stop shipment updates by text message`,
    reminders: msg`Stop reminders by text message`,
    newsletter: msg`Stop the newsletter by text message`,
  },
}

/** The result, once the setting is off. */
const DONE: Record<MessageChannel, Record<SettingsTopic, MessageDescriptor>> = {
  email: {
    newCampaigns: msg`New campaign messages by e-mail are off`,
    shipmentUpdates: msg`Shipment updates by e-mail are off`,
    reminders: msg`Reminders by e-mail are off`,
    newsletter: msg`The newsletter by e-mail is off`,
  },
  sms: {
    newCampaigns: msg`New campaign messages by text message are off`,
    shipmentUpdates: msg`Shipment updates by text message are off`,
    reminders: msg`Reminders by text message are off`,
    newsletter: msg`The newsletter by text message is off`,
  },
}

/** What each topic is about, as the notification settings page says it. */
const ABOUT: Record<SettingsTopic, MessageDescriptor> = {
  newCampaigns: msg`When a test you could take part in opens for sign-up.`,
  shipmentUpdates: msg`When your product ships, is delivered, or a return moves on.`,
  reminders: msg`Before a review or another task is due.`,
  newsletter: msg`News from the community, about once a month.`,
}

function SettingsLink() {
  const locale = useLocale()
  return (
    <Link to="/$locale/member/notifications" params={{ locale }} className="font-semibold text-colbolt underline">
      <Trans>Your notification settings</Trans>
    </Link>
  )
}

/** A heading that takes the focus when it replaces what the member was acting on. */
function Heading({ text, focus }: { text: string; focus: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (focus) heading.current?.focus()
  }, [focus])
  return (
    <h1 ref={heading} tabIndex={-1} id="unsubscribe-heading" className="text-2xl font-bold text-authentic focus:outline-2 focus:outline-colbolt">
      {text}
    </h1>
  )
}

/**
 * The page an e-mail's unsubscribe link opens, signed in or not (the signed token is the authority):
 * what the link will do, a button to confirm, then the result; a link that cannot be used says so
 * and changes nothing. The notification settings page is always a link away.
 */
export function UnsubscribePage({ link }: { link: UnsubscribeLink }) {
  const { t, i18n } = useLingui()
  const [current, setCurrent] = useState(link)
  // Whether the view changed under the member's hands (the heading then takes the focus).
  const [acted, setActed] = useState(false)
  const [failed, setFailed] = useState(false)
  const [pending, setPending] = useState(false)

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (current.state !== 'ready' || pending) return
    setPending(true)
    setFailed(false)
    try {
      const next = linkOf(current.token, await confirmUnsubscribeFn({ data: { token: current.token } }))
      if (next.state === 'unavailable') setFailed(true)
      else {
        setCurrent(next)
        setActed(true)
      }
    } catch {
      setFailed(true)
    } finally {
      setPending(false)
    }
  }

  if (current.state === 'invalid' || current.state === 'gone' || current.state === 'unavailable') {
    const heading = current.state === 'unavailable' ? t`We could not check this link` : t`This link cannot be used`
    return (
      <section aria-labelledby="unsubscribe-heading" className="space-y-4" data-testid="unsubscribe" data-state={current.state}>
        <Heading text={heading} focus={acted} />
        <p className="text-ink">
          {current.state === 'invalid' && <Trans>This unsubscribe link is not valid or has expired. Nothing was changed.</Trans>}
          {current.state === 'gone' && <Trans>The account this link was for no longer exists. Nothing was changed.</Trans>}
          {current.state === 'unavailable' && <Trans>Nothing was changed. Please open the link again in a few minutes.</Trans>}
        </p>
        <p className="text-ink">
          <Trans>
            You can always choose which messages you get, after signing in: <SettingsLink />.
          </Trans>
        </p>
      </section>
    )
  }

  if (current.unsubscribed) {
    return (
      <section aria-labelledby="unsubscribe-heading" className="space-y-4" data-testid="unsubscribe" data-state="done">
        <Heading text={i18n._(DONE[current.channel][current.topic])} focus={acted} />
        <FormAlert tone="success">
          {current.channel === 'email' ? (
            <Trans>We will not send you these e-mails any more. Your other messages stay as they were.</Trans>
          ) : (
            <Trans>We will not send you these text messages any more. Your other messages stay as they were.</Trans>
          )}
        </FormAlert>
        <p className="text-ink">
          <Trans>
            To turn them back on, or to choose other messages, sign in and go to <SettingsLink />.
          </Trans>
        </p>
      </section>
    )
  }

  const action = i18n._(ACTION[current.channel][current.topic])
  return (
    <section aria-labelledby="unsubscribe-heading" className="space-y-4" data-testid="unsubscribe" data-state="ready">
      <Heading text={action} focus={false} />
      <p className="text-ink" id="unsubscribe-about">
        {i18n._(ABOUT[current.topic])}
      </p>
      <p className="text-ink">
        <Trans>Only these messages stop. Your other messages and settings stay as they are.</Trans>
      </p>
      {failed && (
        <FormAlert>
          <Trans>We could not reach our servers, so nothing was changed. Please try again.</Trans>
        </FormAlert>
      )}
      <form onSubmit={confirm} noValidate aria-describedby="unsubscribe-about">
        <Button type="submit" loading={pending}>
          {current.channel === 'email' ? t`Stop these e-mails` : t`Stop these text messages`}
        </Button>
      </form>
      <p className="text-sm text-muted">
        <Trans>
          Or choose every message yourself in <SettingsLink />.
        </Trans>
      </p>
    </section>
  )
}
