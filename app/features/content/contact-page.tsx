import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ArrowRight, Clock, Handshake, LifeBuoy, Mail, MapPin, MessageCircle, Newspaper } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '~/components/ui/button'
import { IconBadge, PageHeader } from './content-blocks'
import { useLocale } from '~/lib/locale'
import { publicConfigQuery } from '~/lib/public-config'
import { openSupportChat } from '~/lib/support-chat'

const mailLinkClass = 'font-semibold break-all text-colbolt underline underline-offset-2 hover:text-authentic'

function Channel({
  icon,
  tone,
  title,
  children,
  action,
}: {
  icon: ReactNode
  tone: 'toga' | 'authentic' | 'verdin' | 'viose' | 'colbolt'
  title: ReactNode
  children: ReactNode
  action: ReactNode
}) {
  return (
    <li className="flex flex-col gap-5 rounded-2xl border border-line bg-white p-6 shadow-sm sm:flex-row sm:p-8">
      <IconBadge tone={tone}>{icon}</IconBadge>
      <div className="flex min-w-0 flex-1 flex-col">
        <h3 className="text-lg font-bold text-authentic">{title}</h3>
        <p className="mt-2 flex-1 leading-relaxed text-muted">{children}</p>
        <div className="mt-5">{action}</div>
      </div>
    </li>
  )
}

export function ContactPage() {
  const locale = useLocale()
  // The chat is offered only where it is configured; elsewhere the page points to the other ways.
  const { data: config } = useQuery(publicConfigQuery)
  const chat = !!config?.services.intercomAppId
  return (
    <div className="pb-16">
      <PageHeader
        eyebrow={<Trans>Contact</Trans>}
        title={<Trans>We are here to help</Trans>}
        lead={
          <Trans>
            Whether you are a member with a question about a test, a brand that would like to run a campaign or a journalist writing about product testing –
            here is the quickest way to reach the right person.
          </Trans>
        }
      />

      <div className="mx-auto max-w-6xl space-y-12 px-4">
        <section aria-labelledby="contact-ways">
          <h2 id="contact-ways" className="text-2xl font-bold text-authentic">
            <Trans>Ways to reach us</Trans>
          </h2>
          <ul className="mt-6 grid gap-5 md:grid-cols-2">
            <Channel
              tone="toga"
              icon={<LifeBuoy className="size-6" aria-hidden="true" />}
              title={chat ? <Trans>Members: support and chat</Trans> : <Trans>Members: support</Trans>}
              action={
                <div className="flex flex-wrap gap-3">
                  <Button asChild severity={chat ? 'secondary' : undefined}>
                    <Link to="/$locale/support" params={{ locale }}>
                      <Trans>Go to support</Trans>
                      <ArrowRight className="size-4" aria-hidden="true" />
                    </Link>
                  </Button>
                  {chat ? (
                    <Button onClick={openSupportChat}>
                      <MessageCircle className="size-4" aria-hidden="true" />
                      <Trans>Start a chat</Trans>
                    </Button>
                  ) : null}
                </div>
              }
            >
              {chat ? (
                <Trans>
                  Most questions about applications, selection, shipments and reviews are answered on our support page. For anything about a specific campaign,
                  start a chat with our support team – it is the fastest way to get help.
                </Trans>
              ) : (
                <Trans>
                  Most questions about applications, selection, shipments and reviews are answered on our support page. For anything about a specific campaign,
                  write to our support team by e-mail and tell us the campaign’s name.
                </Trans>
              )}
            </Channel>
            <Channel
              tone="colbolt"
              icon={<Mail className="size-6" aria-hidden="true" />}
              title={<Trans>E-mail support</Trans>}
              action={
                <a href="mailto:support@testerscircle.example" className={mailLinkClass}>
                  support@testerscircle.example
                </a>
              }
            >
              <Trans>
                Prefer e-mail? Write to us from the address you use for Testers Circle and, if your question is about a test, tell us the name of the campaign.
              </Trans>
            </Channel>
            <Channel
              tone="verdin"
              icon={<Handshake className="size-6" aria-hidden="true" />}
              title={<Trans>Brands and partners</Trans>}
              action={
                <a href="mailto:partners@testerscircle.example" className={mailLinkClass}>
                  partners@testerscircle.example
                </a>
              }
            >
              <Trans>
                Would you like real people to test your product and share honest reviews? Tell us about your product and what you would like to learn.
              </Trans>
            </Channel>
            <Channel
              tone="viose"
              icon={<Newspaper className="size-6" aria-hidden="true" />}
              title={<Trans>Press</Trans>}
              action={
                <a href="mailto:press@testerscircle.example" className={mailLinkClass}>
                  press@testerscircle.example
                </a>
              }
            >
              <Trans>Journalists and researchers are welcome to ask about our community, our principles and how product testing works.</Trans>
            </Channel>
          </ul>
        </section>

        <div className="grid gap-5 md:grid-cols-2">
          <section aria-labelledby="contact-response" className="flex gap-4 rounded-2xl bg-authentic-soft p-6 sm:p-8">
            <Clock className="mt-1 size-6 shrink-0 text-authentic" aria-hidden="true" />
            <div>
              <h2 id="contact-response" className="text-xl font-bold text-authentic">
                <Trans>When you will hear from us</Trans>
              </h2>
              <p className="mt-2 leading-relaxed text-ink">
                <Trans>We answer every message within two working days. Working days are Monday to Friday, except public holidays in Berlin.</Trans>
              </p>
            </div>
          </section>
          <section aria-labelledby="contact-post" className="flex gap-4 rounded-2xl border border-line bg-white p-6 sm:p-8">
            <MapPin className="mt-1 size-6 shrink-0 text-toga" aria-hidden="true" />
            <div>
              <h2 id="contact-post" className="text-xl font-bold text-authentic">
                <Trans>Postal address</Trans>
              </h2>
              <address className="mt-2 leading-relaxed text-ink not-italic">
                <Trans>Testers Circle GmbH</Trans>
                <br />
                <Trans>Musterstraße 1</Trans>
                <br />
                <Trans>10115 Berlin</Trans>
                <br />
                <Trans>Germany</Trans>
              </address>
              <p className="mt-3 text-sm text-muted">
                <Trans>
                  Please do not send test products back to this address. Returns need the prepaid label from your{' '}
                  <Link to="/$locale/member/shipments" params={{ locale }} className="font-semibold text-colbolt underline underline-offset-2">
                    shipments page
                  </Link>
                  .
                </Trans>
              </p>
            </div>
          </section>
        </div>

        <p className="text-ink">
          <Trans>
            Looking for our legal details?{' '}
            <Link to="/$locale/legal" hash="imprint" params={{ locale }} className="font-semibold text-colbolt underline underline-offset-2">
              Read the imprint
            </Link>
            .
          </Trans>
        </p>
      </div>
    </div>
  )
}
