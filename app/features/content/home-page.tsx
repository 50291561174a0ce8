import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { ArrowRight, Award, Gift, HeartHandshake, MapPin, Megaphone, MessageSquareText, PackageOpen, Search, Star, Users } from 'lucide-react'
import type { ReactNode } from 'react'
import heroArt from './art/home-hero.svg?no-inline'
import { IconBadge, JoinActions } from './content-blocks'
import { useLocale } from '~/lib/locale'

/**
 * A parcel, a review card with five stars and a tick: what a test looks like from the doorstep.
 * A file of its own (hashed, cached for good) with its size, so the page's HTML and script do not
 * carry the drawing.
 */
function HeroIllustration() {
  return <img src={heroArt} width={400} height={330} alt="" className="h-auto w-full max-w-md" />
}

function Hero() {
  return (
    <section className="on-dark bg-authentic text-white" aria-labelledby="home-title">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:py-20 lg:grid-cols-[1.15fr_1fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-semibold">
            <Users className="size-4" aria-hidden="true" />
            <Trans>A community of everyday product testers</Trans>
          </p>
          <h1 id="home-title" className="mt-5 text-4xl leading-tight font-extrabold tracking-tight sm:text-5xl">
            <Trans>Try new products at home for free. Tell everyone what you really think.</Trans>
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-white/90">
            <Trans>
              Testers Circle brings brands and everyday people together. Brands send new products to our members, members use them in their own homes, and then
              write honest reviews that help other shoppers decide – and help brands make better products.
            </Trans>
          </p>
          <JoinActions next="how-it-works" className="mt-8" />
          <p className="mt-5 text-sm text-white/85">
            <Trans>Membership is free, and you only apply for the tests that interest you.</Trans>
          </p>
        </div>
        <div className="flex justify-center lg:justify-end">
          <HeroIllustration />
        </div>
      </div>
    </section>
  )
}

function Step({ number, icon, title, children }: { number: number; icon: ReactNode; title: ReactNode; children: ReactNode }) {
  return (
    <li className="relative flex flex-col rounded-2xl border border-line bg-white p-6 shadow-sm">
      <div className="flex items-center justify-between">
        <IconBadge>{icon}</IconBadge>
        <span className="rounded-full bg-authentic-soft px-3 py-1 text-sm font-bold text-authentic">
          <Trans>Step {number}</Trans>
        </span>
      </div>
      <h3 className="mt-5 text-lg font-bold text-authentic">{title}</h3>
      <p className="mt-2 leading-relaxed text-muted">{children}</p>
    </li>
  )
}

function HowTestingWorks() {
  const locale = useLocale()
  return (
    <section className="render-when-near bg-canvas [--near-height:100rem] md:[--near-height:64rem] lg:[--near-height:48rem]" aria-labelledby="home-steps">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
        <div className="max-w-2xl">
          <h2 id="home-steps" className="text-3xl font-extrabold tracking-tight text-authentic">
            <Trans>How testing works</Trans>
          </h2>
          <p className="mt-3 text-lg text-ink">
            <Trans>Four steps from signing up to your first published review.</Trans>
          </p>
        </div>
        <ol className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          <Step number={1} icon={<MapPin className="size-6" aria-hidden="true" />} title={<Trans>Join and save your address</Trans>}>
            <Trans>Create your free account, tell us a little about yourself and save the address where you would like products delivered.</Trans>
          </Step>
          <Step number={2} icon={<Search className="size-6" aria-hidden="true" />} title={<Trans>Apply to campaigns</Trans>}>
            <Trans>
              Browse the products that are open for testing and apply for the ones that fit your life. Places go to eligible members in the order they apply.
            </Trans>
          </Step>
          <Step number={3} icon={<PackageOpen className="size-6" aria-hidden="true" />} title={<Trans>Receive it and test it</Trans>}>
            <Trans>The product arrives at your door with a tracking number. Use it the way you normally would, for as long as the campaign says.</Trans>
          </Step>
          <Step number={4} icon={<MessageSquareText className="size-6" aria-hidden="true" />} title={<Trans>Share an honest review, earn points</Trans>}>
            <Trans>Write what you liked and what you did not. Once your review is published, you earn points you can swap for rewards.</Trans>
          </Step>
        </ol>
        <p className="mt-8">
          <Link
            to="/$locale/how-it-works"
            params={{ locale }}
            className="inline-flex items-center gap-2 font-semibold text-colbolt underline-offset-4 hover:underline"
          >
            <Trans>Read the full guide to testing</Trans>
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </p>
      </div>
    </section>
  )
}

function Benefit({ icon, tone, title, children }: { icon: ReactNode; tone: 'toga' | 'verdin' | 'viose' | 'colbolt'; title: ReactNode; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <IconBadge tone={tone}>{icon}</IconBadge>
      <div>
        <h3 className="text-lg font-bold text-authentic">{title}</h3>
        <p className="mt-1 leading-relaxed text-muted">{children}</p>
      </div>
    </li>
  )
}

function WhyJoin() {
  return (
    <section aria-labelledby="home-why" className="render-when-near bg-white [--near-height:88rem] md:[--near-height:56rem] lg:[--near-height:44rem]">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
        <div className="max-w-2xl">
          <h2 id="home-why" className="text-3xl font-extrabold tracking-tight text-authentic">
            <Trans>Why join Testers Circle?</Trans>
          </h2>
          <p className="mt-3 text-lg text-ink">
            <Trans>Testing is free, fun and genuinely useful – to you, to other shoppers and to the people who make the products.</Trans>
          </p>
        </div>
        <ul className="mt-10 grid gap-x-12 gap-y-10 md:grid-cols-2">
          <Benefit tone="toga" icon={<Gift className="size-6" aria-hidden="true" />} title={<Trans>Free products to try</Trans>}>
            <Trans>
              Test new products for your home, your kitchen, your bathroom and your family before they are everywhere. You never pay for a test product, and
              when a campaign asks you to buy it yourself, we reimburse you.
            </Trans>
          </Benefit>
          <Benefit tone="viose" icon={<Award className="size-6" aria-hidden="true" />} title={<Trans>Points and rewards</Trans>}>
            <Trans>Complete missions – finish your profile, write reviews, invite friends – to collect points, then redeem them for discount codes.</Trans>
          </Benefit>
          <Benefit tone="colbolt" icon={<Megaphone className="size-6" aria-hidden="true" />} title={<Trans>Your opinion shapes products</Trans>}>
            <Trans>
              Brands receive the findings of every test they run. Your feedback on taste, packaging or instructions can change what ends up on the shelf.
            </Trans>
          </Benefit>
          <Benefit tone="verdin" icon={<HeartHandshake className="size-6" aria-hidden="true" />} title={<Trans>An honest community</Trans>}>
            <Trans>
              We never edit reviews to sound more positive, critical reviews are published too, and every review shows that the product was received for free.
            </Trans>
          </Benefit>
        </ul>
      </div>
    </section>
  )
}

/** The live lists come from their features (the route puts them in): current campaigns and the latest reviews. */
function Discover({ campaigns, reviews }: { campaigns: ReactNode; reviews: ReactNode }) {
  const locale = useLocale()
  return (
    <section aria-labelledby="home-discover" className="render-when-near bg-petal [--near-height:260rem] md:[--near-height:120rem] lg:[--near-height:110rem]">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
        <h2 id="home-discover" className="text-3xl font-extrabold tracking-tight text-authentic">
          <Trans>See what the community is testing</Trans>
        </h2>
        <div className="mt-10 space-y-14">
          <section aria-labelledby="home-campaigns">
            <div className="flex flex-wrap items-end justify-between gap-4">
              <h3 id="home-campaigns" className="flex items-center gap-3 text-2xl font-bold text-authentic">
                <IconBadge>
                  <PackageOpen className="size-6" aria-hidden="true" />
                </IconBadge>
                <Trans>Current campaigns</Trans>
              </h3>
              <Link
                to="/$locale/campaign-details"
                params={{ locale }}
                className="inline-flex items-center gap-2 font-semibold text-colbolt underline-offset-4 hover:underline"
              >
                <Trans>All campaigns</Trans>
                <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
            </div>
            <div className="mt-6">{campaigns}</div>
          </section>
          <section aria-labelledby="home-reviews">
            <div className="flex flex-wrap items-end justify-between gap-4">
              <h3 id="home-reviews" className="flex items-center gap-3 text-2xl font-bold text-authentic">
                <IconBadge tone="authentic">
                  <Star className="size-6" aria-hidden="true" />
                </IconBadge>
                <Trans>Latest reviews</Trans>
              </h3>
              <Link
                to="/$locale/reviews"
                params={{ locale }}
                className="inline-flex items-center gap-2 font-semibold text-colbolt underline-offset-4 hover:underline"
              >
                <Trans>Read all reviews</Trans>
                <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
            </div>
            <div className="mt-6">{reviews}</div>
          </section>
        </div>
      </div>
    </section>
  )
}

function JoinCallToAction() {
  return (
    <section aria-labelledby="home-join" className="render-when-near bg-white [--near-height:48rem] md:[--near-height:36rem]">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
        <div className="rounded-3xl on-dark bg-authentic px-6 py-12 text-center text-white sm:px-12">
          <h2 id="home-join" className="text-3xl font-extrabold tracking-tight">
            <Trans>Ready for your first test?</Trans>
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-white/90">
            <Trans>Joining takes a few minutes. Save your address, and you can apply for the next campaign that catches your eye.</Trans>
          </p>
          <JoinActions next="sign-in" className="mt-8 justify-center" />
        </div>
      </div>
    </section>
  )
}

export function HomePage({ campaigns, reviews }: { campaigns: ReactNode; reviews: ReactNode }) {
  return (
    <>
      <Hero />
      <HowTestingWorks />
      <WhyJoin />
      <Discover campaigns={campaigns} reviews={reviews} />
      <JoinCallToAction />
    </>
  )
}
