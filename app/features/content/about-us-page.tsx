import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { BadgeCheck, ClipboardList, Eye, Handshake, Lock, PackageOpen, Scale, Users } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '~/components/ui/button'
import { ContentCard, IconBadge, PageHeader, Prose, JoinActions } from './content-blocks'
import teamArt from './art/about-team.svg?no-inline'
import { useLocale } from '~/lib/locale'

function Principle({ icon, tone, title, children }: { icon: ReactNode; tone: 'toga' | 'colbolt' | 'verdin' | 'viose'; title: ReactNode; children: ReactNode }) {
  return (
    <li className="flex flex-col rounded-2xl border border-line bg-white p-6 shadow-sm">
      <IconBadge tone={tone}>{icon}</IconBadge>
      <h3 className="mt-5 text-lg font-bold text-authentic">{title}</h3>
      <div className="mt-2 space-y-3 leading-relaxed text-muted">{children}</div>
    </li>
  )
}

function BrandStep({ number, title, children }: { number: number; title: ReactNode; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-authentic text-sm font-bold text-white" aria-hidden="true">
        {number}
      </span>
      <div>
        <h3 className="font-bold text-authentic">{title}</h3>
        <p className="mt-1 leading-relaxed text-ink">{children}</p>
      </div>
    </li>
  )
}

export function AboutUsPage() {
  const locale = useLocale()
  return (
    <div className="pb-16">
      <PageHeader
        eyebrow={<Trans>About us</Trans>}
        title={<Trans>Honest reviews from real homes</Trans>}
        lead={
          <Trans>
            Testers Circle is a community where everyday people test new products for free and say what they really think. We believe the most useful review
            comes from someone who has actually used the product, in a real kitchen, a real bathroom, a real family.
          </Trans>
        }
      />

      <div className="mx-auto max-w-6xl space-y-10 px-4">
        <ContentCard labelledBy="about-who">
          <div className="grid gap-8 md:grid-cols-[1fr_16rem] md:items-center">
            <div>
              <h2 id="about-who" className="text-2xl font-bold text-authentic">
                <Trans>Who we are</Trans>
              </h2>
              <Prose className="mt-4">
                <p>
                  <Trans>
                    Testers Circle is run by Testers Circle GmbH, a team based in Berlin. We connect brands that want genuine feedback on their products with
                    people who enjoy trying new things and are happy to share an honest opinion.
                  </Trans>
                </p>
                <p>
                  <Trans>
                    We look after both sides: we run the campaigns, select testers fairly, ship the products, answer members’ questions and moderate the
                    reviews. The opinions, though, belong entirely to our testers.
                  </Trans>
                </p>
              </Prose>
            </div>
            <div className="flex justify-center" aria-hidden="true">
              <img src={teamArt} width={200} height={160} alt="" loading="lazy" className="h-auto w-full max-w-60" />
            </div>
          </div>
        </ContentCard>

        <section aria-labelledby="about-principles">
          <h2 id="about-principles" className="text-2xl font-bold text-authentic">
            <Trans>Our principles</Trans>
          </h2>
          <p className="mt-2 max-w-2xl text-ink">
            <Trans>Four promises guide every campaign we run and every review we publish.</Trans>
          </p>
          <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            <Principle tone="toga" icon={<Scale className="size-6" aria-hidden="true" />} title={<Trans>Honesty over hype</Trans>}>
              <p>
                <Trans>
                  We never edit a review to make it sound more positive, and brands cannot buy a better rating. Negative reviews are published just like
                  positive ones – a two-star review that explains why is worth more than any slogan.
                </Trans>
              </p>
            </Principle>
            <Principle tone="colbolt" icon={<Eye className="size-6" aria-hidden="true" />} title={<Trans>Transparency</Trans>}>
              <p>
                <Trans>Every review on Testers Circle shows that the tester received the product for free. Readers always know how a review came about.</Trans>
              </p>
            </Principle>
            <Principle tone="verdin" icon={<Lock className="size-6" aria-hidden="true" />} title={<Trans>Privacy</Trans>}>
              <p>
                <Trans>
                  Your data belongs to you. You decide what you share, you can download everything we hold about you, and you can delete your account whenever
                  you like.
                </Trans>
              </p>
            </Principle>
            <Principle tone="viose" icon={<Users className="size-6" aria-hidden="true" />} title={<Trans>Fairness</Trans>}>
              <p>
                <Trans>
                  Places in a campaign go to eligible members in the order they apply. No favourites: when a test is full, the waitlist is ordered by a standing
                  every member earns the same way, by finishing tests on time.
                </Trans>
              </p>
            </Principle>
          </ul>
        </section>

        <ContentCard labelledBy="about-brands">
          <div className="flex items-start gap-4">
            <IconBadge tone="authentic">
              <Handshake className="size-6" aria-hidden="true" />
            </IconBadge>
            <div>
              <h2 id="about-brands" className="text-2xl font-bold text-authentic">
                <Trans>How brands work with us</Trans>
              </h2>
              <p className="mt-2 max-w-2xl text-ink">
                <Trans>
                  Brands come to us when they want to know how a product performs in everyday life, and to give shoppers reviews they can trust. A campaign with
                  us works like this:
                </Trans>
              </p>
            </div>
          </div>
          <ol className="mt-8 grid gap-6 md:grid-cols-2">
            <BrandStep number={1} title={<Trans>The brand plans the campaign with us</Trans>}>
              <Trans>Together we agree on the product, the number of testers, who can take part and which tasks testers will be asked to complete.</Trans>
            </BrandStep>
            <BrandStep number={2} title={<Trans>We find the testers</Trans>}>
              <Trans>Members apply, and places go to eligible applicants in the order they apply. The brand does not pick individual testers.</Trans>
            </BrandStep>
            <BrandStep number={3} title={<Trans>Testers try the product at home</Trans>}>
              <Trans>We ship the products and support the testers while they work through their tasks.</Trans>
            </BrandStep>
            <BrandStep number={4} title={<Trans>The brand learns what people really think</Trans>}>
              <Trans>
                Brands receive the combined results of the questionnaires and can read the published reviews. They cannot change or remove a review, and they
                never receive a member’s personal details without that member’s consent.
              </Trans>
            </BrandStep>
          </ol>
          <div className="mt-8 flex flex-col gap-4 rounded-xl bg-canvas p-5 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-ink">
              <Trans>
                Interested in running a campaign? Write to us at{' '}
                <a href="mailto:partners@testerscircle.example" className="font-semibold text-colbolt underline underline-offset-2 hover:text-authentic">
                  partners@testerscircle.example
                </a>
                .
              </Trans>
            </p>
            <Button asChild severity="secondary" className="shrink-0">
              <Link to="/$locale/contact" params={{ locale }}>
                <Trans>All contact options</Trans>
              </Link>
            </Button>
          </div>
        </ContentCard>

        <section aria-labelledby="about-members" className="grid gap-5 md:grid-cols-3">
          <h2 id="about-members" className="sr-only">
            <Trans>What members can count on</Trans>
          </h2>
          <div className="flex gap-4 rounded-2xl border border-line bg-white p-6">
            <PackageOpen className="size-6 shrink-0 text-toga" aria-hidden="true" />
            <p className="text-ink">
              <Trans>Test products are free. When a campaign asks you to buy the product, we reimburse you.</Trans>
            </p>
          </div>
          <div className="flex gap-4 rounded-2xl border border-line bg-white p-6">
            <ClipboardList className="size-6 shrink-0 text-toga" aria-hidden="true" />
            <p className="text-ink">
              <Trans>Every task is listed before you apply, so you know what a test involves.</Trans>
            </p>
          </div>
          <div className="flex gap-4 rounded-2xl border border-line bg-white p-6">
            <BadgeCheck className="size-6 shrink-0 text-toga" aria-hidden="true" />
            <p className="text-ink">
              <Trans>If we cannot publish a review, we tell you why and you can revise it.</Trans>
            </p>
          </div>
        </section>

        <section aria-labelledby="about-join" className="rounded-3xl on-dark bg-authentic px-6 py-10 text-center text-white sm:px-12">
          <h2 id="about-join" className="text-2xl font-bold sm:text-3xl">
            <Trans>Become part of the circle</Trans>
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-white/90">
            <Trans>Join for free, test products you are curious about, and help other shoppers with your honest opinion.</Trans>
          </p>
          <JoinActions next="how-it-works" className="mt-7 justify-center" />
        </section>
      </div>
    </div>
  )
}
