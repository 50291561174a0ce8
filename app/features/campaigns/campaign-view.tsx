import { Trans, useLingui } from '@lingui/react/macro'
import { CampaignDescription } from '~/components/catalogue/campaign-description'
import { Link, useLocation } from '@tanstack/react-router'
import { ClipboardList, MessageSquareText, Megaphone, ShoppingBag } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import type { CampaignDetail } from '#contract/campaigns'
import type { Participation } from '#contract/participations'
import { Button } from '~/components/ui/button'
import { FormAlert } from '~/components/ui/field'
import { StarRating } from '~/components/catalogue/star-rating'
import { formatDate } from '~/lib/date-format'
import { campaignQuery } from '~/features/campaigns/campaigns.queries'
import { ApplyForm, SignupResult } from './apply-form'
import { openFlightOf, useApplyState, type ApplyState } from './apply-state'
import { PhaseBadge } from '~/components/catalogue/campaign-card'
import { formatMoney } from '~/lib/campaign-texts'
import { EligibilityRules, IneligibleReasons } from '~/components/member/eligibility-reasons'
import { SignupStatus } from './participation-status'
import { SelectionModeNote } from './selection-mode-note'
import { ProductImage } from '~/components/catalogue/product-image'
import { useLocale } from '~/lib/locale'
import { useSuspenseQueryData } from '~/lib/query-data'

function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-2xl font-bold text-authentic">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  )
}

function Task({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex gap-3 rounded-xl border border-line bg-white p-4">
      <span className="mt-0.5 shrink-0 text-toga">{icon}</span>
      <span className="text-ink">{children}</span>
    </li>
  )
}

/** The call to action for whoever is looking: sign in, save an address, apply, or where they stand. */
function CallToAction({ campaign, state, back }: { campaign: CampaignDetail; state: ApplyState; back: string }) {
  const locale = useLocale()
  const opens = formatDate(campaign.signupOpensAt)
  switch (state.kind) {
    case 'loading':
      return <p className="text-ink">{<Trans>Checking whether you can apply…</Trans>}</p>
    case 'error':
      return <FormAlert>{<Trans>We could not check whether you can apply. Please reload the page in a moment.</Trans>}</FormAlert>
    case 'visitor':
      return (
        <div className="space-y-3">
          <Button asChild size="large" className="w-full">
            <Link to="/$locale/user/login" params={{ locale }} search={{ redirect: back }}>
              <Trans>Sign in to apply</Trans>
            </Link>
          </Button>
          <p className="text-sm text-ink">
            <Trans>
              New here?{' '}
              <Link
                to="/$locale/user/register"
                params={{ locale }}
                search={{ redirect: back }}
                className="font-semibold text-colbolt underline underline-offset-2"
              >
                Join for free
              </Link>
              , then come back to apply.
            </Trans>
          </p>
        </div>
      )
    case 'needs-address':
      return (
        <div className="space-y-3">
          <p className="text-ink">
            <Trans>We need your shipping address before you can apply.</Trans>
          </p>
          <Button asChild size="large" className="w-full">
            <Link to="/$locale/member/address" params={{ locale }} search={{ redirect: back }}>
              <Trans>Save your address</Trans>
            </Link>
          </Button>
        </div>
      )
    case 'can-apply':
      return (
        <div className="space-y-3">
          <p className="text-ink">
            <Trans>You meet the rules of this test.</Trans>
          </p>
          <Button asChild size="large" className="w-full">
            <a href="#apply">
              <Trans>Apply</Trans>
            </a>
          </Button>
        </div>
      )
    case 'ineligible':
      return (
        <div className="space-y-2 text-ink">
          <p className="font-semibold">
            <Trans>You cannot apply yet:</Trans>
          </p>
          <IneligibleReasons reasons={state.reasons} back={back} />
        </div>
      )
    case 'applied':
      return (
        <div className="space-y-2 text-ink">
          <p className="font-semibold">
            <SignupStatus participation={state.participation} />
          </p>
          {state.participation.status === 'not-eligible' && <IneligibleReasons reasons={state.participation.ineligibleReasons} back={back} />}
          <Link to="/$locale/member/campaigns" params={{ locale }} className="font-semibold text-colbolt underline underline-offset-2">
            <Trans>Go to My campaigns</Trans>
          </Link>
        </div>
      )
    case 'closed':
      return campaign.phase === 'upcoming' ? (
        <p className="text-ink">
          <Trans>Applications open on {opens}. Come back then to apply.</Trans>
        </p>
      ) : (
        <div className="space-y-2 text-ink">
          <p>
            <Trans>Applications for this test are closed.</Trans>
          </p>
          <Link to="/$locale/campaign-details" params={{ locale }} className="font-semibold text-colbolt underline underline-offset-2">
            <Trans>See the campaigns open now</Trans>
          </Link>
        </div>
      )
  }
}

/** The call to action as a visitor sees it, in a staff preview: shown, never acting. */
function PreviewCallToAction({ campaign }: { campaign: CampaignDetail }) {
  const opens = formatDate(campaign.signupOpensAt)
  if (!openFlightOf(campaign))
    return (
      <p className="text-ink">
        {campaign.phase === 'upcoming' ? (
          <Trans>Applications open on {opens}. Come back then to apply.</Trans>
        ) : (
          <Trans>Applications for this test are closed.</Trans>
        )}
      </p>
    )
  return (
    <div className="space-y-3">
      <Button size="large" className="w-full" disabled>
        <Trans>Sign in to apply</Trans>
      </Button>
      <p className="text-sm text-ink">
        <Trans>Applying is switched off in the preview.</Trans>
      </p>
    </div>
  )
}

/** What the reviews feature shows of a campaign on its page (the route puts it in). */
export type CampaignReviewsSlot = (campaign: CampaignDetail) => ReactNode

/** A campaign in full: the product, what testers do, the dates, who can apply, applying, and its reviews. */
export function CampaignView({ idOrSlug, reviews }: { idOrSlug: string; reviews: CampaignReviewsSlot }) {
  const location = useLocation()
  const back = location.href
  const campaign = useSuspenseQueryData(campaignQuery(idOrSlug))

  // Keyed: an application result belongs to this campaign only.
  return <CampaignContent key={campaign.id} campaign={campaign} back={back} reviews={reviews} />
}

/**
 * A campaign's page exactly as members will see it, for staff previewing it in the console (of any
 * status): nothing asks who is looking, and the call to action is shown as a visitor sees it without
 * acting.
 */
export function CampaignPreview({ campaign, reviews }: { campaign: CampaignDetail; reviews: CampaignReviewsSlot }) {
  return <CampaignPage campaign={campaign} back="" reviews={reviews} signup={null} />
}

/** The member's side of the page: what they can do about the campaign, and the application they just sent. */
type Signup = { state: ApplyState; result: Participation | null; onApplied: (participation: Participation) => void }

function CampaignContent({ campaign, back, reviews }: { campaign: CampaignDetail; back: string; reviews: CampaignReviewsSlot }) {
  const state = useApplyState(campaign)
  const [result, setResult] = useState<Participation | null>(null)
  return <CampaignPage campaign={campaign} back={back} reviews={reviews} signup={{ state, result, onApplied: setResult }} />
}

/** The page itself; `signup` is null in a staff preview, where nothing acts. */
function CampaignPage({ campaign, back, reviews, signup }: { campaign: CampaignDetail; back: string; reviews: CampaignReviewsSlot; signup: Signup | null }) {
  const { t, i18n } = useLingui()
  const result = signup?.result ?? null
  const flight = openFlightOf(campaign)
  const value = formatMoney(campaign.product.retailValueCents, campaign.product.currency, i18n.locale)
  // The product's first image leads the page, with the alt text staff wrote for it.
  const lead = campaign.product.images[0]
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10">
      <header className="grid gap-8 md:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)] md:items-center">
        <ProductImage
          imageUrl={lead?.url ?? campaign.imageUrl}
          alt={lead?.alt ?? t`${campaign.product.name} by ${campaign.brand}`}
          size={lead}
          sizes="(min-width: 768px) 45vw, 100vw"
          className="aspect-[4/3] w-full rounded-2xl"
          eager
        />
        <div>
          <div className="flex flex-wrap items-center gap-2">
            <PhaseBadge phase={campaign.phase} />
            <span className="text-sm text-muted">{campaign.categoryName}</span>
          </div>
          <p className="mt-4 text-sm font-bold tracking-wide text-toga uppercase">{campaign.brand}</p>
          <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-authentic sm:text-4xl">{campaign.title}</h1>
          <p className="mt-3 text-lg leading-relaxed text-ink">{campaign.summary}</p>
          {campaign.averageRating !== null && (
            <p className="mt-3 flex items-center gap-2 text-ink">
              <StarRating rating={campaign.averageRating} />
              <a href="#reviews" className="font-semibold text-colbolt underline underline-offset-2">
                <Trans>{campaign.reviewCount} reviews</Trans>
              </a>
            </p>
          )}
        </div>
      </header>

      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="order-2 space-y-10 lg:order-1">
          <Section id="campaign-about" title={<Trans>About this test</Trans>}>
            <CampaignDescription description={campaign.description} />
          </Section>

          <Section id="campaign-product" title={<Trans>The product</Trans>}>
            <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[10rem_1fr]">
              <dt className="font-semibold text-ink">{t`Product`}</dt>
              <dd className="text-ink">{campaign.product.name}</dd>
              <dt className="font-semibold text-ink">{t`Brand`}</dt>
              <dd className="text-ink">{campaign.product.brand}</dd>
              <dt className="font-semibold text-ink">{t`Retail value`}</dt>
              <dd className="text-ink">{value}</dd>
              <dt className="font-semibold text-ink">{t`Description`}</dt>
              <dd className="leading-relaxed text-ink">{campaign.product.description}</dd>
            </dl>
            {campaign.product.images.length > 1 && (
              <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={t`Pictures of ${campaign.product.name}`} data-testid="product-images">
                {campaign.product.images.map((image) => (
                  <li key={image.url}>
                    <ProductImage
                      imageUrl={image.url}
                      alt={image.alt}
                      size={image}
                      sizes="(min-width: 640px) 30vw, 50vw"
                      className="aspect-square w-full rounded-xl object-contain"
                    />
                  </li>
                ))}
              </ul>
            )}
          </Section>

          <Section id="campaign-tasks" title={<Trans>What testers do</Trans>}>
            <ul className="grid gap-3 sm:grid-cols-2">
              {campaign.tasks.purchaseIntent && (
                <Task icon={<ShoppingBag className="size-5" aria-hidden="true" />}>
                  <Trans>Buy the product at your usual shop and confirm the purchase; you are reimbursed in full once your review is published.</Trans>
                </Task>
              )}
              {campaign.tasks.questionnaire && (
                <Task icon={<ClipboardList className="size-5" aria-hidden="true" />}>
                  <Trans>Answer a short questionnaire about how you use the product.</Trans>
                </Task>
              )}
              {campaign.tasks.review && (
                <Task icon={<MessageSquareText className="size-5" aria-hidden="true" />}>
                  <Trans>Write an honest review with a star rating by the review date.</Trans>
                </Task>
              )}
              {campaign.tasks.social && (
                <Task icon={<Megaphone className="size-5" aria-hidden="true" />}>
                  <Trans>Share a post about the product on social media and report how many people saw it.</Trans>
                </Task>
              )}
            </ul>
          </Section>

          <Section id="campaign-dates" title={<Trans>Dates</Trans>}>
            <div className="space-y-4">
              {campaign.flights.map((f) => (
                <div key={f.id} className="rounded-xl border border-line bg-white p-4">
                  {campaign.flights.length > 1 && (
                    <h3 className="mb-3 flex flex-wrap items-center gap-2 font-bold text-authentic">
                      {f.name} <PhaseBadge phase={f.phase} />
                    </h3>
                  )}
                  <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-ink sm:grid-cols-[12rem_1fr]">
                    <dt className="font-semibold">{t`Applications open`}</dt>
                    <dd>
                      <time dateTime={f.signupOpensAt}>{formatDate(f.signupOpensAt)}</time>
                    </dd>
                    <dt className="font-semibold">{t`Applications close`}</dt>
                    <dd>
                      <time dateTime={f.signupClosesAt}>{formatDate(f.signupClosesAt)}</time>
                    </dd>
                    <dt className="font-semibold">{t`Testing starts`}</dt>
                    <dd>
                      <time dateTime={f.testingStartsAt}>{formatDate(f.testingStartsAt)}</time>
                    </dd>
                    <dt className="font-semibold">{t`Review due`}</dt>
                    <dd>
                      <time dateTime={f.reviewDueAt}>{formatDate(f.reviewDueAt)}</time>
                    </dd>
                  </dl>
                </div>
              ))}
            </div>
          </Section>

          <Section id="campaign-rules" title={<Trans>Who can apply</Trans>}>
            <EligibilityRules rules={campaign.eligibility} />
          </Section>

          {signup && (result || signup.state.kind === 'can-apply') && (
            <section id="apply" aria-labelledby="apply-title">
              <h2 id="apply-title" className="text-2xl font-bold text-authentic">
                <Trans>Apply for this test</Trans>
              </h2>
              <div className="mt-4">
                {result ? (
                  <SignupResult participation={result} back={back} />
                ) : (
                  signup.state.kind === 'can-apply' && (
                    <ApplyForm campaign={campaign} flight={signup.state.flight} address={signup.state.address} back={back} onApplied={signup.onApplied} />
                  )
                )}
              </div>
            </section>
          )}

          {campaign.reviewCount > 0 && (
            <section id="reviews" aria-labelledby="campaign-reviews">
              <h2 id="campaign-reviews" className="text-2xl font-bold text-authentic">
                <Trans>What testers said</Trans>
              </h2>
              <div className="mt-4">{reviews(campaign)}</div>
            </section>
          )}
        </div>

        <aside
          aria-labelledby="campaign-cta"
          className="order-1 h-fit space-y-4 rounded-2xl border border-line bg-white p-5 shadow-sm lg:sticky lg:top-24 lg:order-2"
        >
          <h2 id="campaign-cta" className="text-lg font-bold text-authentic">
            <Trans>Take part</Trans>
          </h2>
          {flight && (
            <p className="text-ink">
              {flight.placesLeft > 0 ? (
                <Trans>
                  <strong className="text-2xl text-authentic">{flight.placesLeft}</strong> of {flight.quota} places left
                </Trans>
              ) : (
                <span className="font-semibold text-warn">
                  {campaign.selectionMode === 'curated' ? (
                    <Trans>All {flight.quota} places are taken</Trans>
                  ) : (
                    <Trans>Waitlist: all {flight.quota} places are taken</Trans>
                  )}
                </span>
              )}
            </p>
          )}
          {!result && (flight || campaign.phase === 'upcoming') && (
            <p className="text-sm text-ink">
              <SelectionModeNote mode={campaign.selectionMode} />
            </p>
          )}
          {result ? (
            <p className="font-semibold text-ink">
              <SignupStatus participation={result} />
            </p>
          ) : signup ? (
            <CallToAction campaign={campaign} state={signup.state} back={back} />
          ) : (
            <PreviewCallToAction campaign={campaign} />
          )}
        </aside>
      </div>
    </div>
  )
}
