import { Trans, useLingui } from '@lingui/react/macro'
import { Award, CalendarClock, ClipboardCheck, Gift, ListChecks, MapPin, MessageSquareText, ShieldCheck, Ticket, Truck, UserPlus, Users } from 'lucide-react'
import type { ReactNode } from 'react'
import { ContentCard, IconBadge, PageHeader, Prose, JoinActions } from './content-blocks'

type Chapter = { id: string; title: ReactNode }

function ChapterCard({ id, number, icon, title, children }: { id: string; number: number; icon: ReactNode; title: ReactNode; children: ReactNode }) {
  return (
    <ContentCard id={id} labelledBy={`${id}-title`}>
      <div className="flex items-start gap-4">
        <IconBadge>{icon}</IconBadge>
        <div className="min-w-0">
          <p className="text-sm font-bold text-toga">
            <Trans>Step {number}</Trans>
          </p>
          <h2 id={`${id}-title`} className="text-2xl font-bold text-authentic">
            {title}
          </h2>
        </div>
      </div>
      <Prose className="mt-5">{children}</Prose>
    </ContentCard>
  )
}

function Phase({ name, children, dotClass }: { name: ReactNode; children: ReactNode; dotClass: string }) {
  return (
    <li className="relative rounded-xl border border-line bg-white p-4 pl-5">
      <span className={`absolute top-5 left-0 h-6 w-1.5 rounded-r ${dotClass}`} aria-hidden="true" />
      <h3 className="font-bold text-authentic">{name}</h3>
      <p className="mt-1 text-muted">{children}</p>
    </li>
  )
}

function Task({ icon, name, children }: { icon: ReactNode; name: ReactNode; children: ReactNode }) {
  return (
    <li className="flex gap-3 rounded-xl bg-canvas p-4">
      <span className="mt-0.5 text-toga">{icon}</span>
      <div>
        <h3 className="font-bold text-authentic">{name}</h3>
        <p className="mt-1 text-ink">{children}</p>
      </div>
    </li>
  )
}

export function HowItWorksPage() {
  const { t } = useLingui()

  const chapters: Chapter[] = [
    { id: 'sign-up', title: <Trans>Sign up and complete your profile</Trans> },
    { id: 'address', title: <Trans>Save your shipping address</Trans> },
    { id: 'campaigns', title: <Trans>Campaigns and their phases</Trans> },
    { id: 'eligibility', title: <Trans>Eligibility and screener questions</Trans> },
    { id: 'selection', title: <Trans>How testers are selected</Trans> },
    { id: 'shipment', title: <Trans>Shipment and tracking</Trans> },
    { id: 'tasks', title: <Trans>Your tasks as a tester</Trans> },
    { id: 'reviews', title: <Trans>Reviews: moderation and disclosure</Trans> },
    { id: 'missions', title: <Trans>Missions and points</Trans> },
    { id: 'rewards', title: <Trans>Rewards</Trans> },
    { id: 'referrals', title: <Trans>Inviting friends</Trans> },
  ]
  const titleOf = (id: string) => chapters.find((chapter) => chapter.id === id)?.title

  return (
    <div className="pb-16">
      <PageHeader
        eyebrow={<Trans>How it works</Trans>}
        title={<Trans>From sign-up to published review</Trans>}
        lead={
          <Trans>
            Here is everything that happens on the way from joining Testers Circle to sharing your first honest review – what we ask of you, how places are
            given out, and how points and rewards work.
          </Trans>
        }
      />

      <div className="mx-auto grid max-w-6xl gap-8 px-4 lg:grid-cols-[15rem_1fr]">
        <nav aria-label={t`On this page`} className="lg:sticky lg:top-24 lg:self-start">
          <div className="rounded-2xl border border-line bg-white p-5">
            <h2 className="text-sm font-bold tracking-wide text-authentic uppercase">
              <Trans>On this page</Trans>
            </h2>
            <ol className="mt-3 grid gap-1 text-sm sm:grid-cols-2 lg:grid-cols-1">
              {chapters.map((chapter, index) => (
                <li key={chapter.id}>
                  <a href={`#${chapter.id}`} className="flex gap-2 rounded-md px-2 py-1.5 text-ink hover:bg-authentic-soft hover:text-authentic">
                    <span className="w-5 shrink-0 font-semibold text-toga">{index + 1}.</span>
                    <span>{chapter.title}</span>
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>

        <div className="space-y-6">
          <ChapterCard id="sign-up" number={1} icon={<UserPlus className="size-6" aria-hidden="true" />} title={titleOf('sign-up')}>
            <p>
              <Trans>
                Joining is free. Create an account with your e-mail address and a password, then confirm your e-mail with the link we send you. You need to be
                at least 18 years old, and each person may have one account.
              </Trans>
            </p>
            <p>
              <Trans>
                In your profile you add your name, date of birth and the languages you speak. Under preferences you can tell us which product categories
                interest you and a little about your household – for example whether you have children or pets – so that we can point you to tests that suit
                you.
              </Trans>
            </p>
            <p>
              <Trans>
                Some campaigns are only open to members with a verified phone number or a connected social media account. You can verify your phone with a
                one-time code sent by SMS and connect your Instagram, TikTok, YouTube, Facebook, X, Pinterest or blog at any time.
              </Trans>
            </p>
          </ChapterCard>

          <ChapterCard id="address" number={2} icon={<MapPin className="size-6" aria-hidden="true" />} title={titleOf('address')}>
            <p>
              <Trans>
                Every member keeps one shipping address: the place where test products should be delivered. Once it is saved, you can see the campaigns that are
                ready to test and apply for them.
              </Trans>
            </p>
            <p>
              <Trans>
                Moving house? Update your address before you apply for your next campaign. Products that are already on their way go to the address you had when
                they were shipped.
              </Trans>
            </p>
          </ChapterCard>

          <ChapterCard id="campaigns" number={3} icon={<CalendarClock className="size-6" aria-hidden="true" />} title={titleOf('campaigns')}>
            <p>
              <Trans>
                A campaign is a test of one product for one brand. Its page shows the product, its retail value, who can take part, what testers will be asked
                to do and the dates that matter. Some campaigns run in several waves, each with its own dates and its own number of places.
              </Trans>
            </p>
            <p>
              <Trans>Each wave moves through four phases:</Trans>
            </p>
            <div>
              <ol className="grid gap-3 sm:grid-cols-2">
                <Phase name={<Trans>1. Upcoming</Trans>} dotClass="bg-colbolt">
                  <Trans>The campaign is announced and you can read about it, but applications are not open yet.</Trans>
                </Phase>
                <Phase name={<Trans>2. Open for applications</Trans>} dotClass="bg-toga">
                  <Trans>Eligible members can apply until the application period ends. Once every place is taken, new applicants join the waitlist.</Trans>
                </Phase>
                <Phase name={<Trans>3. Testing</Trans>} dotClass="bg-viose">
                  <Trans>Products are on their way or in testers’ homes. Testers work through their tasks before the review due date.</Trans>
                </Phase>
                <Phase name={<Trans>4. Completed</Trans>} dotClass="bg-verdin">
                  <Trans>The test is over. Published reviews stay on the site for everyone to read.</Trans>
                </Phase>
              </ol>
            </div>
          </ChapterCard>

          <ChapterCard id="eligibility" number={4} icon={<ListChecks className="size-6" aria-hidden="true" />} title={titleOf('eligibility')}>
            <p>
              <Trans>
                Brands need feedback from the right people, so each campaign says who can take part. Common conditions are the country you live in, a minimum
                age, a verified phone number or a connected social media account.
              </Trans>
            </p>
            <p>
              <Trans>
                When you apply, you may also be asked a few screener questions – for example how often you use a product like this one, or which brand you use
                today. Answer them truthfully: there are no right or wrong answers, and your answers help the brand understand its testers.
              </Trans>
            </p>
            <p>
              <Trans>
                If you do not meet a campaign’s conditions, we tell you which one so you know exactly why – and often what you can do, such as verifying your
                phone, to be eligible next time.
              </Trans>
            </p>
          </ChapterCard>

          <ChapterCard id="selection" number={5} icon={<Users className="size-6" aria-hidden="true" />} title={titleOf('selection')}>
            <p>
              <Trans>
                Selection is first come, first served. Among the members who are eligible, places go in the order people apply until all the places of the wave
                are taken. You learn straight away whether you have a place.
              </Trans>
            </p>
            <p>
              <Trans>
                When the places are gone, new applicants join a waitlist, and you can always see your position on it. The waitlist is ordered by standing:
                members whose standing was higher when they applied come first, and among members of the same standing, whoever applied first. If a selected
                tester withdraws before their product is shipped, their place goes to the first person on the waitlist.
              </Trans>
            </p>
            <p>
              <Trans>
                Changed your mind? Please withdraw as early as you can, any time before your product ships, so that someone else gets the chance to test.
              </Trans>
            </p>
          </ChapterCard>

          <ChapterCard id="shipment" number={6} icon={<Truck className="size-6" aria-hidden="true" />} title={titleOf('shipment')}>
            <p>
              <Trans>
                Once you are selected, we prepare your parcel. When it leaves the warehouse, your shipments page shows the carrier and the tracking number, so
                you can follow it to your door. We mark it as delivered when it arrives.
              </Trans>
            </p>
            <p>
              <Trans>
                Most test products are yours to keep. When a campaign says a product must be returned – a large appliance, for example – you request the return
                from your shipments page, we send you a prepaid return label, and you hand the parcel to the carrier.
              </Trans>
            </p>
          </ChapterCard>

          <ChapterCard id="tasks" number={7} icon={<ClipboardCheck className="size-6" aria-hidden="true" />} title={titleOf('tasks')}>
            <p>
              <Trans>Every campaign lists its tasks before you apply, and your campaign page shows what is done and what is still open:</Trans>
            </p>
            <div>
              <ul className="grid gap-3 md:grid-cols-2">
                <Task icon={<ClipboardCheck className="size-5" aria-hidden="true" />} name={<Trans>Questionnaire</Trans>}>
                  <Trans>Short questions about your first impressions and your experience with the product.</Trans>
                </Task>
                <Task icon={<Gift className="size-5" aria-hidden="true" />} name={<Trans>Verified purchase (some campaigns)</Trans>}>
                  <Trans>
                    You buy the product yourself at a shop the campaign names, and we reimburse the price to the PayPal account or bank account saved in your
                    payment details.
                  </Trans>
                </Task>
                <Task icon={<MessageSquareText className="size-5" aria-hidden="true" />} name={<Trans>Your review</Trans>}>
                  <Trans>A star rating from 1 to 5, a title and your honest experience in your own words, with photos if you like.</Trans>
                </Task>
                <Task icon={<Users className="size-5" aria-hidden="true" />} name={<Trans>Social posts and impressions</Trans>}>
                  <Trans>
                    When a campaign includes social media, you share a post about the product, add its link, and later report its reach, likes, comments and
                    shares.
                  </Trans>
                </Task>
              </ul>
            </div>
          </ChapterCard>

          <ChapterCard id="reviews" number={8} icon={<ShieldCheck className="size-6" aria-hidden="true" />} title={titleOf('reviews')}>
            <p>
              <Trans>
                Take your time: your review draft is saved as you write, so nothing is lost if you close the page. When you submit it, our moderation team reads
                it before it is published.
              </Trans>
            </p>
            <p>
              <Trans>
                Moderators check that a review follows our community rules – it is about the product you tested, it contains no personal data of others and no
                offensive language. They never check whether it is positive: critical reviews are published just like glowing ones, and we never edit your words
                to sound nicer. If a review cannot be published, we tell you why so you can revise it.
              </Trans>
            </p>
            <p>
              <Trans>
                Every published review carries a note that the tester received the product for free. Honest disclosure is what makes our reviews trustworthy.
              </Trans>
            </p>
          </ChapterCard>

          <ChapterCard id="missions" number={9} icon={<Award className="size-6" aria-hidden="true" />} title={titleOf('missions')}>
            <p>
              <Trans>Missions are small goals that earn you points. Each one shows how many points it is worth:</Trans>
            </p>
            <ul>
              <li>
                <Trans>complete your profile</Trans>
              </li>
              <li>
                <Trans>verify your e-mail address and your phone number</Trans>
              </li>
              <li>
                <Trans>connect a social media account</Trans>
              </li>
              <li>
                <Trans>finish your first test</Trans>
              </li>
              <li>
                <Trans>write a review</Trans>
              </li>
              <li>
                <Trans>invite a friend who goes on to finish a test</Trans>
              </li>
            </ul>
            <p>
              <Trans>
                Points are credited automatically once a mission is complete, and each mission counts once. Your points history shows every credit and every
                redemption.
              </Trans>
            </p>
          </ChapterCard>

          <ChapterCard id="rewards" number={10} icon={<Ticket className="size-6" aria-hidden="true" />} title={titleOf('rewards')}>
            <p>
              <Trans>
                Exchange your points for discount codes on the rewards page. Each reward shows how many points it costs. The points are deducted at the moment
                your code is created, and the code stays in your account so you can copy it whenever you need it.
              </Trans>
            </p>
            <p>
              <Trans>Points are a thank-you for taking part. They cannot be exchanged for cash or transferred to another member.</Trans>
            </p>
          </ChapterCard>

          <ChapterCard id="referrals" number={11} icon={<UserPlus className="size-6" aria-hidden="true" />} title={titleOf('referrals')}>
            <p>
              <Trans>
                Every member has a short personal referral code. A friend who joins enters it when they register. The referral stays pending until your friend
                finishes their first test; then it is accepted and you earn the points of the referral mission.
              </Trans>
            </p>
            <p>
              <Trans>
                Your referrals page shows each invitation and its status. It never shows your friend’s personal details – their privacy matters as much as
                yours.
              </Trans>
            </p>
          </ChapterCard>

          <section aria-labelledby="how-cta" className="rounded-2xl on-dark bg-authentic p-6 text-white sm:p-8">
            <h2 id="how-cta" className="text-2xl font-bold">
              <Trans>Ready to start?</Trans>
            </h2>
            <p className="mt-2 max-w-2xl text-white/90">
              <Trans>
                Join for free and save your address, and you are ready to apply for your first campaign. Questions first? Our support pages have the answers.
              </Trans>
            </p>
            <JoinActions next="faq" className="mt-6" />
          </section>
        </div>
      </div>
    </div>
  )
}
