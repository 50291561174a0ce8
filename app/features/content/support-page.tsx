import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Award, ChevronDown, LifeBuoy, Lock, MessageSquareText, PackageOpen, Truck, UserRound } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '~/components/ui/button'
import { IconBadge, PageHeader, Prose } from './content-blocks'
import { useLocale } from '~/lib/locale'
import { publicConfigQuery } from '~/lib/public-config'

/** One question: a native disclosure widget, so it opens with the keyboard and works without JavaScript. */
function Faq({ question, children }: { question: ReactNode; children: ReactNode }) {
  return (
    <details className="group border-b border-line last:border-b-0">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-md py-4 text-left font-semibold text-ink hover:text-authentic [&::-webkit-details-marker]:hidden">
        <span>{question}</span>
        <ChevronDown className="size-5 shrink-0 text-toga transition-transform group-open:rotate-180" aria-hidden="true" />
      </summary>
      <Prose className="pr-8 pb-5">{children}</Prose>
    </details>
  )
}

function Topic({ id, icon, title, children }: { id: string; icon: ReactNode; title: ReactNode; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
      <div className="flex items-center gap-4">
        <IconBadge>{icon}</IconBadge>
        <h2 id={`${id}-title`} className="text-2xl font-bold text-authentic">
          {title}
        </h2>
      </div>
      <div className="mt-4">{children}</div>
    </section>
  )
}

export function SupportPage() {
  const locale = useLocale()
  const { t } = useLingui()
  // The chat is mentioned only where it is configured.
  const chat = !!useQuery(publicConfigQuery).data?.services.intercomAppId

  const topics = [
    { id: 'account', title: <Trans>Account</Trans>, icon: <UserRound className="size-6" aria-hidden="true" /> },
    { id: 'campaigns', title: <Trans>Campaigns and selection</Trans>, icon: <PackageOpen className="size-6" aria-hidden="true" /> },
    { id: 'shipping', title: <Trans>Shipping and returns</Trans>, icon: <Truck className="size-6" aria-hidden="true" /> },
    { id: 'reviews', title: <Trans>Reviews</Trans>, icon: <MessageSquareText className="size-6" aria-hidden="true" /> },
    { id: 'points', title: <Trans>Points and rewards</Trans>, icon: <Award className="size-6" aria-hidden="true" /> },
    { id: 'privacy', title: <Trans>Privacy</Trans>, icon: <Lock className="size-6" aria-hidden="true" /> },
  ] as const
  const [account, campaigns, shipping, reviews, points, privacy] = topics

  return (
    <div className="pb-16">
      <PageHeader
        narrow
        eyebrow={<Trans>Support</Trans>}
        title={<Trans>Frequently asked questions</Trans>}
        lead={
          <Trans>
            Answers to the questions members ask us most, from applying for a campaign to redeeming your points. Choose a topic, or scroll through them all.
          </Trans>
        }
      />

      <div className="mx-auto max-w-4xl space-y-6 px-4">
        <nav aria-label={t`Topics`}>
          <ul className="flex flex-wrap gap-2">
            {topics.map((topic) => (
              <li key={topic.id}>
                <a
                  href={`#${topic.id}`}
                  className="inline-flex items-center rounded-full border border-line bg-white px-4 py-2 text-sm font-semibold text-authentic hover:border-authentic hover:bg-authentic-soft"
                >
                  {topic.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <Topic id={account.id} icon={account.icon} title={account.title}>
          <Faq question={<Trans>Who can join Testers Circle?</Trans>}>
            <p>
              <Trans>
                Anyone aged 18 or over can join, free of charge. Each person may have one account. Some campaigns have extra conditions, such as the country you
                live in, which are shown on the campaign before you apply.
              </Trans>
            </p>
          </Faq>
          <Faq question={<Trans>I did not receive the confirmation e-mail. What can I do?</Trans>}>
            <p>
              <Trans>
                Check your spam or junk folder first, and make sure the address you signed up with is spelled correctly. If the e-mail is still missing, sign in
                and request a new confirmation link.
              </Trans>
            </p>
          </Faq>
          <Faq question={<Trans>How do I change my e-mail address or phone number?</Trans>}>
            <p>
              <Trans>
                Go to your account settings and choose e-mail or phone. We send a six-digit code to the new address or number; enter it within ten minutes to
                confirm the change.
              </Trans>
            </p>
          </Faq>
          <Faq question={<Trans>Why do I need to save an address?</Trans>}>
            <p>
              <Trans>
                Test products are posted to you, so we need to know where to send them. Once your address is saved you can see the campaigns that are ready to
                test and apply for them. You can keep one address at a time and update it whenever you move.
              </Trans>
            </p>
          </Faq>
        </Topic>

        <Topic id={campaigns.id} icon={campaigns.icon} title={campaigns.title}>
          <Faq question={<Trans>How are testers selected?</Trans>}>
            <p>
              <Trans>
                First come, first served. Among the members who meet a campaign’s conditions, places go in the order people apply until all places are taken.
                You see straight away whether you have a place.
              </Trans>
            </p>
          </Faq>
          <Faq question={<Trans>Why am I not eligible for a campaign?</Trans>}>
            <p>
              <Trans>
                Each campaign sets conditions, such as your country, a minimum age, a verified phone number or a connected social media account. When you are
                not eligible, the campaign tells you which condition you do not meet – often you can fix it, for example by verifying your phone.
              </Trans>
            </p>
          </Faq>
          <Faq question={<Trans>I am on the waitlist. What happens now?</Trans>}>
            <p>
              <Trans>
                When all places are taken, later applicants join the waitlist in the order they applied, and you can see your position on your campaigns page.
                If a selected tester withdraws before their product ships, the first person on the waitlist gets the place – we will let you know if that is
                you.
              </Trans>
            </p>
          </Faq>
          <Faq question={<Trans>Can I withdraw from a campaign?</Trans>}>
            <p>
              <Trans>
                Yes, at any time before your product is shipped. Please withdraw as early as you can so that the next person on the waitlist can take your
                place. Once the product is on its way, we count on you to complete the test.
              </Trans>
            </p>
          </Faq>
        </Topic>

        <Topic id={shipping.id} icon={shipping.icon} title={shipping.title}>
          <Faq question={<Trans>When will my product arrive?</Trans>}>
            <p>
              <Trans>
                As soon as your parcel is shipped, your shipments page shows the carrier and the tracking number, so you can follow it all the way to your door.
              </Trans>
            </p>
          </Faq>
          <Faq question={<Trans>My parcel has not arrived or arrived damaged. What should I do?</Trans>}>
            <p>
              <Trans>
                First check the tracking information on your shipments page. If the parcel seems lost or the product is damaged, contact our support team with
                the name of the campaign and, for damage, a photo. We will sort it out with the carrier.
              </Trans>
            </p>
          </Faq>
          <Faq question={<Trans>Do I have to send the product back?</Trans>}>
            <p>
              <Trans>
                Only when the campaign says so – most test products are yours to keep. If a return is required, request it from your shipments page. We send you
                a prepaid return label, and you hand the parcel to the carrier.
              </Trans>
            </p>
          </Faq>
          <Faq question={<Trans>How am I reimbursed for a verified purchase?</Trans>}>
            <p>
              <Trans>
                In campaigns with a verified purchase, you buy the product yourself and complete the purchase task. We then reimburse the price stated in the
                campaign to the PayPal account or bank account saved in your payment details.
              </Trans>
            </p>
          </Faq>
        </Topic>

        <Topic id={reviews.id} icon={reviews.icon} title={reviews.title}>
          <Faq question={<Trans>Can I write a negative review?</Trans>}>
            <p>
              <Trans>
                Yes. We want your honest opinion, good or bad. Critical reviews are published just like positive ones, and we never edit a review to make it
                sound more positive.
              </Trans>
            </p>
          </Faq>
          <Faq question={<Trans>Why has my review not been published yet?</Trans>}>
            <p>
              <Trans>
                Every review is read by our moderation team before it is published. We check that it is about the product you tested and contains no personal
                data of others and no offensive language. If a review cannot be published, we tell you why so that you can revise it.
              </Trans>
            </p>
          </Faq>
          <Faq question={<Trans>Why does my review say I received the product for free?</Trans>}>
            <p>
              <Trans>
                Because you did, and readers have a right to know. The note appears on every published review on Testers Circle – it is what makes our reviews
                trustworthy.
              </Trans>
            </p>
          </Faq>
          <Faq question={<Trans>Will I lose my review if I close the page?</Trans>}>
            <p>
              <Trans>
                No. Your draft is saved as you write, so you can close the page, come back later and carry on where you left off – even if you had to sign in
                again.
              </Trans>
            </p>
          </Faq>
        </Topic>

        <Topic id={points.id} icon={points.icon} title={points.title}>
          <Faq question={<Trans>How do I earn points?</Trans>}>
            <p>
              <Trans>
                By completing missions: completing your profile, verifying your e-mail address and phone number, connecting a social media account, finishing
                your first test, writing reviews and inviting friends. Each mission shows how many points it is worth, and each counts once.
              </Trans>
            </p>
          </Faq>
          <Faq question={<Trans>How do I redeem my points?</Trans>}>
            <p>
              <Trans>
                On the rewards page, choose a reward and exchange your points for a discount code. The points are deducted when the code is created, and the
                code stays in your account. Points have no cash value and cannot be paid out.
              </Trans>
            </p>
          </Faq>
          <Faq question={<Trans>How does inviting a friend work?</Trans>}>
            <p>
              <Trans>
                Share your personal referral code. Your friend enters it when they register. The referral is pending until your friend finishes their first
                test; then you earn the points of the referral mission.
              </Trans>
            </p>
          </Faq>
        </Topic>

        <Topic id={privacy.id} icon={privacy.icon} title={privacy.title}>
          <Faq question={<Trans>What do brands find out about me?</Trans>}>
            <p>
              <Trans>
                Brands receive the combined results of a campaign and can read published reviews, which show your display name. They receive your personal
                details only if you explicitly agree. Carriers receive your name and address to deliver your parcel.
              </Trans>
            </p>
          </Faq>
          <Faq question={<Trans>How can I download my data?</Trans>}>
            <p>
              <Trans>In your account, open the download page. You can download everything we hold about you as a data file or as a readable PDF.</Trans>
            </p>
          </Faq>
          <Faq question={<Trans>How do I delete my account?</Trans>}>
            <p>
              <Trans>
                Open the account deletion page in your account settings and confirm. We replace your personal data with pseudonyms, remove your contact details,
                address, payout details, social media profiles and posts, and delete your sign-in account. Reviews that were already published stay online under
                the name “Former member”. You receive a deletion receipt on screen and by e-mail. Deletion cannot be undone, and unused points lapse; you can
                register again with the same address as a new member.
              </Trans>
            </p>
            <p>
              <Trans>
                Read more in our{' '}
                <Link to="/$locale/legal" hash="privacy" params={{ locale }}>
                  privacy notice
                </Link>
                .
              </Trans>
            </p>
          </Faq>
        </Topic>

        <section
          aria-labelledby="support-more"
          className="flex flex-col gap-6 rounded-2xl on-dark bg-authentic p-6 text-white sm:flex-row sm:items-center sm:p-8"
        >
          <LifeBuoy className="size-12 shrink-0 text-white/90" aria-hidden="true" />
          <div className="flex-1">
            <h2 id="support-more" className="text-2xl font-bold">
              <Trans>Still need help?</Trans>
            </h2>
            <p className="mt-2 text-white/90">
              {chat ? (
                <Trans>
                  Chat with our support team or send us an e-mail – we answer within two working days. For questions about a specific campaign, please mention
                  its name.
                </Trans>
              ) : (
                <Trans>Send us an e-mail – we answer within two working days. For questions about a specific campaign, please mention its name.</Trans>
              )}
            </p>
          </div>
          <Button asChild size="large" className="shrink-0">
            <Link to="/$locale/contact" params={{ locale }}>
              <Trans>Contact us</Trans>
            </Link>
          </Button>
        </section>
      </div>
    </div>
  )
}
