// One template per message the member API sends: its topic, and its subject, e-mail blocks and
// short text message rendered from the same words (suite/messages/layout.ts turns the blocks into
// plain text and HTML). Every word goes through the catalog (say + /*i18n*/ descriptors).
import type { MessageTopic } from '../../contract/messages'
import type { DeletionKept, DeletionReceipt, DeletionRemoved } from '../../contract/members'
import type { RejectionReason } from '../../contract/review-rejection'
import type { SuspensionReason } from '../../contract/suspension'
import { say } from './i18n'
import type { EmailContent } from './layout'

/** Where links in messages point: the portal's base address (no trailing slash) and the locale. */
export interface MessageLinks {
  portal: string
  locale: string
}

export interface MessageContent extends EmailContent {
  /** The text message version, short; absent for a message sent by e-mail only. */
  sms?: string
}

interface Template<P> {
  topic: MessageTopic
  /** Bodies carrying a one-time code or a sign-in link: staff see that it was sent, not its subject or body. */
  secret?: boolean
  render(params: P, links: MessageLinks): MessageContent
}

const define = <P>(template: Template<P>) => template

const page = (links: MessageLinks, path: string) => `${links.portal}/${links.locale}${path}`
const hello = (firstName: string | null | undefined) =>
  firstName ? say(/*i18n*/ { id: 'common.hello-name', message: 'Hello {firstName},' }, { firstName }) : say(/*i18n*/ { id: 'common.hello', message: 'Hello,' })
const utcDate = (iso: string) => ({ date: iso.slice(0, 10), time: iso.slice(11, 16) })

const REJECTION_WORDING: Record<RejectionReason, () => string> = {
  'personal-data': () =>
    say(/*i18n*/ { id: 'review-rejected.reason.personal-data', message: 'It contains personal data (a name, an address, a phone number or similar).' }),
  'off-topic': () => say(/*i18n*/ { id: 'review-rejected.reason.off-topic', message: 'It is not about the product you tested.' }),
  'link-or-price': () => say(/*i18n*/ { id: 'review-rejected.reason.link-or-price', message: 'It contains a link or a price.' }),
  competitor: () => say(/*i18n*/ { id: 'review-rejected.reason.competitor', message: 'It promotes another brand or shop.' }),
  'rating-contradicts-text': () =>
    say(/*i18n*/ { id: 'review-rejected.reason.rating-contradicts-text', message: 'The star rating does not match what the text says.' }),
  'photo-not-suitable': () =>
    say(
      /*i18n*/ {
        id: 'review-rejected.reason.photo-not-suitable',
        message: 'One of the photos cannot be published (not the product, a person who can be recognised, or unsuitable content).',
      },
    ),
  'disclosure-missing': () => say(/*i18n*/ { id: 'review-rejected.reason.disclosure-missing', message: 'It must say that you received the product for free.' }),
  other: () => say(/*i18n*/ { id: 'review-rejected.reason.other', message: 'Our moderators left you a note.' }),
}

const SUSPENSION_WORDING: Record<SuspensionReason, () => string> = {
  'several-accounts': () => say(/*i18n*/ { id: 'suspended.reason.several-accounts', message: 'You hold more than one account: one person, one account.' }),
  'false-review': () => say(/*i18n*/ { id: 'suspended.reason.false-review', message: 'A review you sent was false or copied.' }),
  'products-resold': () => say(/*i18n*/ { id: 'suspended.reason.products-resold', message: 'Products sent to you for testing were resold.' }),
  'staff-abuse': () => say(/*i18n*/ { id: 'suspended.reason.staff-abuse', message: 'You were abusive towards our staff.' }),
  other: () => say(/*i18n*/ { id: 'suspended.reason.other', message: 'Our support team left you a note.' }),
}

const REMOVED_TEXT: Record<DeletionRemoved, () => string> = {
  profile: () => say(/*i18n*/ { id: 'deletion.removed.profile', message: 'your name and display name' }),
  contact: () => say(/*i18n*/ { id: 'deletion.removed.contact', message: 'your e-mail address and phone number' }),
  'birth-date-gender': () => say(/*i18n*/ { id: 'deletion.removed.birth-date-gender', message: 'your birth date and gender' }),
  'languages-preferences': () => say(/*i18n*/ { id: 'deletion.removed.languages-preferences', message: 'your languages, household and interests' }),
  address: () => say(/*i18n*/ { id: 'deletion.removed.address', message: 'your shipping address' }),
  payout: () => say(/*i18n*/ { id: 'deletion.removed.payout', message: 'your payout details (PayPal or bank account)' }),
  'social-profiles': () => say(/*i18n*/ { id: 'deletion.removed.social-profiles', message: 'your social media profiles' }),
  'social-posts': () => say(/*i18n*/ { id: 'deletion.removed.social-posts', message: 'your social media posts and their reach' }),
  'screener-answers': () => say(/*i18n*/ { id: 'deletion.removed.screener-answers', message: 'your answers to application questions' }),
  'return-comments': () => say(/*i18n*/ { id: 'deletion.removed.return-comments', message: 'your comments on returns' }),
  'unpublished-reviews': () => say(/*i18n*/ { id: 'deletion.removed.unpublished-reviews', message: 'your reviews that were not published' }),
  'review-photos': () => say(/*i18n*/ { id: 'deletion.removed.review-photos', message: 'the photos in your reviews, published ones included' }),
  'codes-and-messages': () => say(/*i18n*/ { id: 'deletion.removed.codes-and-messages', message: 'one-time codes, messages to you and logs that mention you' }),
  'sign-in-account': () => say(/*i18n*/ { id: 'deletion.removed.sign-in-account', message: 'your sign-in account' }),
  sessions: () => say(/*i18n*/ { id: 'deletion.removed.sessions', message: 'every signed-in session, on every device' }),
}

const KEPT_TEXT: Record<DeletionKept, () => string> = {
  'published-reviews': () => say(/*i18n*/ { id: 'deletion.kept.published-reviews', message: 'your published reviews, shown as written by "Former member"' }),
  'accounting-records': () =>
    say(
      /*i18n*/ {
        id: 'deletion.kept.accounting-records',
        message: 'records of shipments, reimbursements, points and rewards, which accounting and tax law requires us to keep; they no longer name you',
      },
    ),
  'participation-history': () => say(/*i18n*/ { id: 'deletion.kept.participation-history', message: 'which product tests took place, as anonymous counts' }),
}

export const TEMPLATES = {
  /** A one-time code confirming an e-mail address or a phone number. */
  'one-time-code': define<{ code: string; minutes: number }>({
    topic: 'transactional',
    secret: true,
    render: ({ code, minutes }) => ({
      subject: say(/*i18n*/ { id: 'one-time-code.subject', message: 'Your Testers Circle confirmation code' }),
      heading: say(/*i18n*/ { id: 'one-time-code.heading', message: 'Your confirmation code' }),
      blocks: [
        { kind: 'paragraph', text: say(/*i18n*/ { id: 'one-time-code.intro', message: 'Your Testers Circle code is:' }) },
        { kind: 'code', text: code },
        {
          kind: 'paragraph',
          text: say(
            /*i18n*/ { id: 'one-time-code.expiry', message: 'It expires in {minutes} minutes. If you did not ask for it, ignore this message.' },
            { minutes },
          ),
        },
      ],
      sms: say(
        /*i18n*/ {
          id: 'one-time-code.sms',
          message: 'Your Testers Circle code is {code}. It expires in {minutes} minutes. If you did not ask for it, ignore this message.',
        },
        { code, minutes },
      ),
    }),
  }),

  /** To the address held before an e-mail change: the change may not have been the member's. */
  'email-changed': define<{ maskedNext: string; at: string; support: string }>({
    topic: 'transactional',
    render: ({ maskedNext, at, support }) => ({
      subject: say(/*i18n*/ { id: 'email-changed.subject', message: 'Your Testers Circle e-mail address was changed' }),
      heading: say(/*i18n*/ { id: 'email-changed.heading', message: 'Your e-mail address was changed' }),
      blocks: [
        {
          kind: 'paragraph',
          text: say(
            /*i18n*/ {
              id: 'email-changed.body',
              message: 'The e-mail address of your Testers Circle account was changed to {maskedNext} on {date} at {time} UTC.',
            },
            { maskedNext, ...utcDate(at) },
          ),
        },
        { kind: 'paragraph', text: say(/*i18n*/ { id: 'email-changed.from-now', message: 'We will write to the new address from now on.' }) },
        {
          kind: 'paragraph',
          text: say(
            /*i18n*/ {
              id: 'email-changed.not-you',
              message: 'If you did not make this change, write to {support} right away: someone else may be using your account.',
            },
            { support },
          ),
        },
      ],
    }),
  }),

  /** An invitation to follow a brand's campaigns: the link carries the one-time token, so it is secret. */
  'brand-invitation': define<{ brand: string; inviter: string; days: number; link: string }>({
    topic: 'transactional',
    secret: true,
    render: ({ brand, inviter, days, link }) => ({
      subject: say(/*i18n*/ { id: 'brand-invitation.subject', message: 'Follow the product tests of {brand} on Testers Circle' }, { brand }),
      heading: say(/*i18n*/ { id: 'brand-invitation.heading', message: 'You are invited to follow {brand}' }, { brand }),
      blocks: [
        {
          kind: 'paragraph',
          text: say(
            /*i18n*/ {
              id: 'brand-invitation.body',
              message:
                '{inviter} of Testers Circle invites you to follow the product tests of {brand}: how many testers applied, received and reviewed, their ratings, and the published reviews to download.',
            },
            { inviter, brand },
          ),
        },
        { kind: 'button', label: say(/*i18n*/ { id: 'brand-invitation.button', message: 'Accept the invitation' }), url: link },
        {
          kind: 'paragraph',
          text: say(
            /*i18n*/ {
              id: 'brand-invitation.expiry',
              message:
                'The link works once, for {days} days. Sign in, or create an account, with this e-mail address to accept it. If you did not expect it, ignore this message.',
            },
            { days },
          ),
        },
      ],
    }),
  }),

  /** A new link to confirm the member's e-mail address, sent by support on request. */
  'verify-email': define<{ link: string }>({
    topic: 'transactional',
    secret: true,
    render: ({ link }) => ({
      subject: say(/*i18n*/ { id: 'verify-email.subject', message: 'Confirm your e-mail address' }),
      heading: say(/*i18n*/ { id: 'verify-email.heading', message: 'Confirm your e-mail address' }),
      blocks: [
        {
          kind: 'paragraph',
          text: say(
            /*i18n*/ { id: 'verify-email.body', message: 'You asked us for a new link to confirm your e-mail address for Testers Circle. Open it to confirm:' },
          ),
        },
        { kind: 'button', label: say(/*i18n*/ { id: 'verify-email.button', message: 'Confirm my address' }), url: link },
        { kind: 'paragraph', text: say(/*i18n*/ { id: 'verify-email.not-you', message: 'If you did not ask, you can ignore this message.' }) },
      ],
    }),
  }),

  /** The receipt of an account deletion: reference, date, what was removed and kept. No link and no name. */
  'deletion-receipt': define<{ receipt: DeletionReceipt }>({
    topic: 'transactional',
    render: ({ receipt }) => {
      const removed = receipt.removed.map((code) => REMOVED_TEXT[code]())
      if (receipt.withdrawnParticipations) {
        removed.push(
          say(
            /*i18n*/ { id: 'deletion.withdrawn', message: 'your {count, plural, one {# open application} other {# open applications}}, withdrawn' },
            {
              count: receipt.withdrawnParticipations,
            },
          ),
        )
      }
      return {
        subject: say(/*i18n*/ { id: 'deletion.subject', message: 'Your Testers Circle account was deleted' }),
        heading: say(/*i18n*/ { id: 'deletion.heading', message: 'Your account was deleted' }),
        blocks: [
          {
            kind: 'paragraph',
            text: say(/*i18n*/ { id: 'deletion.body', message: 'Your Testers Circle account was deleted on {date} ({time} UTC).' }, utcDate(receipt.deletedAt)),
          },
          { kind: 'facts', rows: [[say(/*i18n*/ { id: 'deletion.reference', message: 'Reference' }), receipt.reference]] },
          { kind: 'paragraph', text: say(/*i18n*/ { id: 'deletion.removed', message: 'What we removed:' }) },
          { kind: 'list', items: removed },
          ...(receipt.kept.length
            ? [
                { kind: 'paragraph' as const, text: say(/*i18n*/ { id: 'deletion.kept', message: 'What we kept, and why:' }) },
                { kind: 'list' as const, items: receipt.kept.map((code) => KEPT_TEXT[code]()) },
              ]
            : []),
          {
            kind: 'paragraph',
            text: say(
              /*i18n*/ {
                id: 'deletion.last',
                message: 'Quote the reference if you contact us about this deletion. This is the last message we send to this address.',
              },
            ),
          },
        ],
      }
    },
  }),

  /** Selected for a test (always sent). */
  selected: define<{ firstName: string | null; campaignTitle: string; campaignId: string }>({
    topic: 'transactional',
    render: ({ firstName, campaignTitle, campaignId }, links) => ({
      subject: say(/*i18n*/ { id: 'selected.subject', message: "You're in: {campaignTitle}" }, { campaignTitle }),
      heading: say(/*i18n*/ { id: 'selected.heading', message: 'You were selected' }),
      blocks: [
        { kind: 'paragraph', text: hello(firstName) },
        {
          kind: 'paragraph',
          text: say(
            /*i18n*/ { id: 'selected.body', message: 'Good news: you were selected for "{campaignTitle}". We will let you know when your product ships.' },
            { campaignTitle },
          ),
        },
        { kind: 'button', label: say(/*i18n*/ { id: 'selected.button', message: 'Open your test' }), url: page(links, `/member/campaigns/${campaignId}`) },
      ],
      sms: say(/*i18n*/ { id: 'selected.sms', message: 'Testers Circle: you were selected for "{campaignTitle}".' }, { campaignTitle }),
    }),
  }),

  /** A curated flight's applicant the team did not choose, once its sign-up closed (always sent). */
  'not-chosen': define<{ firstName: string | null; campaignTitle: string; flightName: string }>({
    topic: 'transactional',
    render: ({ firstName, campaignTitle, flightName }, links) => ({
      subject: say(/*i18n*/ { id: 'not-chosen.subject', message: 'Not chosen this time: {campaignTitle}' }, { campaignTitle }),
      heading: say(/*i18n*/ { id: 'not-chosen.heading', message: 'Not chosen this time' }),
      blocks: [
        { kind: 'paragraph', text: hello(firstName) },
        {
          kind: 'paragraph',
          text: say(
            /*i18n*/ {
              id: 'not-chosen.body',
              message: 'Thank you for applying to "{campaignTitle}". Sign-up for {flightName} has closed, and the team chose other testers this time.',
            },
            { campaignTitle, flightName },
          ),
        },
        {
          kind: 'paragraph',
          text: say(/*i18n*/ { id: 'not-chosen.other-tests', message: 'Other tests are open to apply to in the portal, and we hope to see you there.' }),
        },
        { kind: 'button', label: say(/*i18n*/ { id: 'not-chosen.button', message: 'See open tests' }), url: page(links, '/campaigns') },
      ],
    }),
  }),

  /** A review published (always sent), with the points it earned. */
  'review-approved': define<{ reviewTitle: string; points: number; campaignId: string }>({
    topic: 'transactional',
    render: ({ reviewTitle, points, campaignId }, links) => ({
      subject: say(/*i18n*/ { id: 'review-approved.subject', message: 'Your review is published' }),
      heading: say(/*i18n*/ { id: 'review-approved.heading', message: 'Your review is published' }),
      blocks: [
        {
          kind: 'paragraph',
          text: say(/*i18n*/ { id: 'review-approved.body', message: 'Thank you: your review "{reviewTitle}" is now published.' }, { reviewTitle }),
        },
        ...(points > 0
          ? [
              {
                kind: 'paragraph' as const,
                text: say(/*i18n*/ { id: 'review-approved.points', message: 'It earned you {points, plural, one {# point} other {# points}}.' }, { points }),
              },
            ]
          : []),
        {
          kind: 'button',
          label: say(/*i18n*/ { id: 'review-approved.button', message: 'Open your test' }),
          url: page(links, `/member/campaigns/${campaignId}`),
        },
      ],
      sms: say(/*i18n*/ { id: 'review-approved.sms', message: 'Testers Circle: your review "{reviewTitle}" is published.' }, { reviewTitle }),
    }),
  }),

  /** A review sent back (always sent): the reason, the moderator's note, and where to edit it. */
  /** A suspension (always sent): the reason, until when, what it stops, and how to appeal. */
  suspended: define<{ firstName: string | null; reason: SuspensionReason; note: string | null; until: string | null; support: string }>({
    topic: 'transactional',
    render: ({ firstName, reason, note, until, support }, links) => ({
      subject: say(/*i18n*/ { id: 'suspended.subject', message: 'Your Testers Circle account is suspended' }),
      heading: say(/*i18n*/ { id: 'suspended.heading', message: 'Your account is suspended' }),
      blocks: [
        { kind: 'paragraph', text: hello(firstName) },
        {
          kind: 'paragraph',
          text: until
            ? say(/*i18n*/ { id: 'suspended.until', message: 'We have suspended your Testers Circle account until {date} at {time} UTC.' }, utcDate(until))
            : say(
                /*i18n*/ {
                  id: 'suspended.until-lifted',
                  message: 'We have suspended your Testers Circle account until our support team lifts the suspension.',
                },
              ),
        },
        { kind: 'paragraph', text: SUSPENSION_WORDING[reason]() },
        ...(note
          ? [
              { kind: 'paragraph' as const, text: say(/*i18n*/ { id: 'suspended.note', message: 'Our support team wrote:' }) },
              { kind: 'quote' as const, text: note },
            ]
          : []),
        {
          kind: 'paragraph',
          text: say(
            /*i18n*/ {
              id: 'suspended.effect',
              message:
                'Meanwhile you cannot apply for tests, be selected, post reviews or social posts, or redeem points; your applications and waitlist places are released. A product already shipped to you stays yours. You can still sign in, read your account, download your data and delete your account.',
            },
          ),
        },
        {
          kind: 'paragraph',
          text: say(
            /*i18n*/ {
              id: 'suspended.appeal',
              message: 'If you think this is a mistake, reply to this e-mail or write to {support}, or use the support page, and tell us why.',
            },
            { support },
          ),
        },
        { kind: 'button', label: say(/*i18n*/ { id: 'suspended.button', message: 'Contact support' }), url: page(links, '/support') },
      ],
    }),
  }),

  /** A suspension lifted (always sent): the member may take part again. */
  'suspension-lifted': define<{ firstName: string | null }>({
    topic: 'transactional',
    render: ({ firstName }, links) => ({
      subject: say(/*i18n*/ { id: 'suspension-lifted.subject', message: 'Your Testers Circle account is no longer suspended' }),
      heading: say(/*i18n*/ { id: 'suspension-lifted.heading', message: 'Your suspension is lifted' }),
      blocks: [
        { kind: 'paragraph', text: hello(firstName) },
        {
          kind: 'paragraph',
          text: say(
            /*i18n*/ {
              id: 'suspension-lifted.body',
              message: 'We have lifted the suspension of your account. You can apply for tests, post reviews and social posts, and redeem points again.',
            },
          ),
        },
        { kind: 'button', label: say(/*i18n*/ { id: 'suspension-lifted.button', message: 'See the tests open now' }), url: page(links, '/campaigns') },
      ],
    }),
  }),

  'review-rejected': define<{ reviewTitle: string; reason: RejectionReason; note: string | null; campaignId: string }>({
    topic: 'transactional',
    render: ({ reviewTitle, reason, note, campaignId }, links) => ({
      subject: say(/*i18n*/ { id: 'review-rejected.subject', message: 'Your review needs a change before we publish it' }),
      heading: say(/*i18n*/ { id: 'review-rejected.heading', message: 'Your review needs a change' }),
      blocks: [
        {
          kind: 'paragraph',
          text: say(/*i18n*/ { id: 'review-rejected.body', message: 'We could not publish your review "{reviewTitle}" as it is.' }, { reviewTitle }),
        },
        { kind: 'paragraph', text: REJECTION_WORDING[reason]() },
        ...(note
          ? [
              { kind: 'paragraph' as const, text: say(/*i18n*/ { id: 'review-rejected.note', message: 'Our moderators wrote:' }) },
              { kind: 'quote' as const, text: note },
            ]
          : []),
        {
          kind: 'paragraph',
          text: say(/*i18n*/ { id: 'review-rejected.kept', message: 'Your text and photos are kept: change what is needed and send the review again.' }),
        },
        {
          kind: 'button',
          label: say(/*i18n*/ { id: 'review-rejected.button', message: 'Edit your review' }),
          url: page(links, `/member/campaigns/${campaignId}`),
        },
      ],
    }),
  }),

  'shipment-shipped': define<{ campaignTitle: string; carrier: string; trackingNumber: string; trackingUrl: string | null }>({
    topic: 'shipmentUpdates',
    render: ({ campaignTitle, carrier, trackingNumber, trackingUrl }, links) => ({
      subject: say(/*i18n*/ { id: 'shipped.subject', message: 'Your test product is on its way' }),
      heading: say(/*i18n*/ { id: 'shipped.heading', message: 'Your test product is on its way' }),
      blocks: [
        { kind: 'paragraph', text: say(/*i18n*/ { id: 'shipped.body', message: 'Your product for "{campaignTitle}" has shipped.' }, { campaignTitle }) },
        {
          kind: 'facts',
          rows: [
            [say(/*i18n*/ { id: 'shipped.carrier', message: 'Carrier' }), carrier],
            [say(/*i18n*/ { id: 'shipped.tracking-number', message: 'Tracking number' }), trackingNumber],
          ],
        },
        trackingUrl
          ? { kind: 'button', label: say(/*i18n*/ { id: 'shipped.track', message: 'Track your parcel' }), url: trackingUrl }
          : { kind: 'button', label: say(/*i18n*/ { id: 'shipped.shipments', message: 'See your shipments' }), url: page(links, '/member/shipments') },
      ],
      sms: trackingUrl
        ? say(
            /*i18n*/ { id: 'shipped.sms-link', message: 'Testers Circle: your product for "{campaignTitle}" ships with {carrier}. Track it: {trackingUrl}' },
            { campaignTitle, carrier, trackingUrl },
          )
        : say(
            /*i18n*/ { id: 'shipped.sms', message: 'Testers Circle: your product for "{campaignTitle}" ships with {carrier}, tracking {trackingNumber}.' },
            { campaignTitle, carrier, trackingNumber },
          ),
    }),
  }),

  'shipment-delivered': define<{ campaignTitle: string; campaignId: string }>({
    topic: 'shipmentUpdates',
    render: ({ campaignTitle, campaignId }, links) => ({
      subject: say(/*i18n*/ { id: 'delivered.subject', message: 'Your test product was delivered' }),
      heading: say(/*i18n*/ { id: 'delivered.heading', message: 'Your test product was delivered' }),
      blocks: [
        {
          kind: 'paragraph',
          text: say(
            /*i18n*/ {
              id: 'delivered.body',
              message: 'Your product for "{campaignTitle}" was delivered. Enjoy testing it, and see what the test asks of you.',
            },
            {
              campaignTitle,
            },
          ),
        },
        { kind: 'button', label: say(/*i18n*/ { id: 'delivered.button', message: 'Open your test' }), url: page(links, `/member/campaigns/${campaignId}`) },
      ],
      sms: say(/*i18n*/ { id: 'delivered.sms', message: 'Testers Circle: your product for "{campaignTitle}" was delivered.' }, { campaignTitle }),
    }),
  }),

  'return-label': define<{ campaignTitle: string; labelUrl: string }>({
    topic: 'shipmentUpdates',
    render: ({ campaignTitle, labelUrl }) => ({
      subject: say(/*i18n*/ { id: 'return-label.subject', message: 'Your return label is ready' }),
      heading: say(/*i18n*/ { id: 'return-label.heading', message: 'Your return label is ready' }),
      blocks: [
        {
          kind: 'paragraph',
          text: say(
            /*i18n*/ {
              id: 'return-label.body',
              message: 'The label to send back your product for "{campaignTitle}" is ready. Print it and attach it to the parcel.',
            },
            {
              campaignTitle,
            },
          ),
        },
        { kind: 'button', label: say(/*i18n*/ { id: 'return-label.button', message: 'Get the return label' }), url: labelUrl },
      ],
      sms: say(
        /*i18n*/ { id: 'return-label.sms', message: 'Testers Circle: your return label for "{campaignTitle}" is ready: {labelUrl}' },
        { campaignTitle, labelUrl },
      ),
    }),
  }),

  'return-received': define<{ campaignTitle: string }>({
    topic: 'shipmentUpdates',
    render: ({ campaignTitle }, links) => ({
      subject: say(/*i18n*/ { id: 'return-received.subject', message: 'We received your return' }),
      heading: say(/*i18n*/ { id: 'return-received.heading', message: 'We received your return' }),
      blocks: [
        {
          kind: 'paragraph',
          text: say(
            /*i18n*/ { id: 'return-received.body', message: 'The product you sent back for "{campaignTitle}" has arrived. Thank you.' },
            { campaignTitle },
          ),
        },
        { kind: 'button', label: say(/*i18n*/ { id: 'return-received.button', message: 'See your returns' }), url: page(links, '/member/shipments/returns') },
      ],
      sms: say(/*i18n*/ { id: 'return-received.sms', message: 'Testers Circle: we received your return for "{campaignTitle}".' }, { campaignTitle }),
    }),
  }),

  /** A review (and the test's other open tasks) due in 3 days, or today. */
  'reminder-due': define<{ campaignTitle: string; campaignId: string; dueAt: string; today: boolean }>({
    topic: 'reminders',
    render: ({ campaignTitle, campaignId, dueAt, today }, links) => {
      const when = utcDate(dueAt)
      return {
        subject: today
          ? say(/*i18n*/ { id: 'reminder-due.subject-today', message: 'Your review is due today' })
          : say(/*i18n*/ { id: 'reminder-due.subject-soon', message: 'Your review is due in 3 days' }),
        heading: say(/*i18n*/ { id: 'reminder-due.heading', message: 'A reminder about your test' }),
        blocks: [
          {
            kind: 'paragraph',
            text: say(
              /*i18n*/ {
                id: 'reminder-due.body',
                message: 'Your review and the other open tasks of "{campaignTitle}" are due on {date} at {time} UTC.',
              },
              { campaignTitle, ...when },
            ),
          },
          {
            kind: 'paragraph',
            text: say(/*i18n*/ { id: 'reminder-due.standing', message: 'Finishing on time keeps your standing and your chances for the next tests.' }),
          },
          {
            kind: 'button',
            label: say(/*i18n*/ { id: 'reminder-due.button', message: 'Open your test' }),
            url: page(links, `/member/campaigns/${campaignId}`),
          },
        ],
        sms: today
          ? say(/*i18n*/ { id: 'reminder-due.sms-today', message: 'Testers Circle: your review of "{campaignTitle}" is due today.' }, { campaignTitle })
          : say(/*i18n*/ { id: 'reminder-due.sms-soon', message: 'Testers Circle: your review of "{campaignTitle}" is due in 3 days.' }, { campaignTitle }),
      }
    },
  }),

  /** Once, when the due date has passed with tasks open: what it costs the member's standing. */
  'reminder-overdue': define<{ campaignTitle: string; campaignId: string; standingCost: number }>({
    topic: 'reminders',
    render: ({ campaignTitle, campaignId, standingCost }, links) => ({
      subject: say(/*i18n*/ { id: 'reminder-overdue.subject', message: 'Your review is overdue' }),
      heading: say(/*i18n*/ { id: 'reminder-overdue.heading', message: 'Your review is overdue' }),
      blocks: [
        {
          kind: 'paragraph',
          text: say(
            /*i18n*/ {
              id: 'reminder-overdue.body',
              message:
                'The due date of "{campaignTitle}" has passed with tasks still open. A missed due date costs {standingCost} points of your standing; send your review as soon as you can.',
            },
            { campaignTitle, standingCost },
          ),
        },
        {
          kind: 'button',
          label: say(/*i18n*/ { id: 'reminder-overdue.button', message: 'Finish your test' }),
          url: page(links, `/member/campaigns/${campaignId}`),
        },
      ],
      sms: say(
        /*i18n*/ { id: 'reminder-overdue.sms', message: 'Testers Circle: your review of "{campaignTitle}" is overdue. Send it as soon as you can.' },
        { campaignTitle },
      ),
    }),
  }),

  /** A verified-purchase test: the product to buy before testing. */
  'reminder-purchase': define<{ campaignTitle: string; campaignId: string }>({
    topic: 'reminders',
    render: ({ campaignTitle, campaignId }, links) => ({
      subject: say(/*i18n*/ { id: 'reminder-purchase.subject', message: 'Time to buy your test product' }),
      heading: say(/*i18n*/ { id: 'reminder-purchase.heading', message: 'Time to buy your test product' }),
      blocks: [
        {
          kind: 'paragraph',
          text: say(
            /*i18n*/ {
              id: 'reminder-purchase.body',
              message:
                '"{campaignTitle}" is a verified-purchase test: buy the product at your usual shop, then confirm your purchase on the test page. You are reimbursed once your review is published.',
            },
            { campaignTitle },
          ),
        },
        {
          kind: 'button',
          label: say(/*i18n*/ { id: 'reminder-purchase.button', message: 'Open your test' }),
          url: page(links, `/member/campaigns/${campaignId}`),
        },
      ],
      sms: say(
        /*i18n*/ { id: 'reminder-purchase.sms', message: 'Testers Circle: buy your product for "{campaignTitle}" and confirm the purchase on the test page.' },
        { campaignTitle },
      ),
    }),
  }),

  /** Tests newly open for sign-up that the member can take part in: each campaign once, at most one digest a day. */
  'new-campaigns': define<{ campaigns: Array<{ id: string; title: string; closesAt: string }> }>({
    topic: 'newCampaigns',
    render: ({ campaigns }, links) => ({
      subject:
        campaigns.length === 1
          ? say(/*i18n*/ { id: 'new-campaigns.subject-one', message: 'A new test is open for you: {title}' }, { title: campaigns[0]!.title })
          : say(/*i18n*/ { id: 'new-campaigns.subject-many', message: '{count} new tests are open for you' }, { count: campaigns.length }),
      heading: say(/*i18n*/ { id: 'new-campaigns.heading', message: 'New tests you can apply for' }),
      blocks: [
        { kind: 'paragraph', text: say(/*i18n*/ { id: 'new-campaigns.intro', message: 'These tests opened for sign-up, and you meet their rules:' }) },
        {
          kind: 'list',
          items: campaigns.map((campaign) =>
            say(
              /*i18n*/ { id: 'new-campaigns.item', message: '{title} (sign-up closes on {date}): {url}' },
              {
                title: campaign.title,
                date: campaign.closesAt.slice(0, 10),
                url: page(links, `/ready-to-test/${campaign.id}`),
              },
            ),
          ),
        },
        { kind: 'button', label: say(/*i18n*/ { id: 'new-campaigns.button', message: 'See the tests open now' }), url: page(links, '/ready-to-test') },
      ],
      sms:
        campaigns.length === 1
          ? say(
              /*i18n*/ { id: 'new-campaigns.sms-one', message: 'Testers Circle: a new test is open for you: {title}. {url}' },
              {
                title: campaigns[0]!.title,
                url: page(links, `/ready-to-test/${campaigns[0]!.id}`),
              },
            )
          : say(
              /*i18n*/ { id: 'new-campaigns.sms-many', message: 'Testers Circle: {count} new tests are open for you. {url}' },
              {
                count: campaigns.length,
                url: page(links, '/ready-to-test'),
              },
            ),
    }),
  }),

  /** An issue of the newsletter, as staff wrote it: paragraphs and "- " lists, sent as text (escaped in HTML). E-mail only. */
  newsletter: define<{ subject: string; body: string }>({
    topic: 'newsletter',
    render: ({ subject, body }, links) => ({
      subject,
      heading: subject,
      blocks: [
        ...body
          .replace(/\r\n?/g, '\n')
          .split(/\n\s*\n/)
          .map((chunk) => chunk.trim())
          .filter((chunk) => chunk.length > 0)
          .map((chunk) => {
            const lines = chunk.split('\n').map((line) => line.trim())
            return lines.every((line) => /^[-*•]\s+/.test(line))
              ? { kind: 'list' as const, items: lines.map((line) => line.replace(/^[-*•]\s+/, '')) }
              : { kind: 'paragraph' as const, text: lines.join(' ') }
          }),
        { kind: 'button', label: say(/*i18n*/ { id: 'newsletter.button', message: 'See the tests open now' }), url: page(links, '/ready-to-test') },
      ],
    }),
  }),
}

export type TemplateName = keyof typeof TEMPLATES
export type TemplateParams<N extends TemplateName> = Parameters<(typeof TEMPLATES)[N]['render']>[0]
/** A message to send: a template's name with its parameters, type-checked together. */
export type MessageOf<N extends TemplateName = TemplateName> = { [K in N]: { template: K; params: TemplateParams<K> } }[N]
