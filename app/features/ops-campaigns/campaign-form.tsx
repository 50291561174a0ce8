import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import * as v from 'valibot'
import { CampaignInputSchema, MIN_AGE_RANGE, slugFromTitle, type CampaignInput, type OpsCampaignDetail } from '#contract/campaign-authoring'
import { CAMPAIGN_KINDS, CHILDREN_RULES, SELECTION_MODES, type SelectionMode } from '#contract/campaigns'
import { SHIPPING_COUNTRIES, SOCIAL_PLATFORMS } from '#contract/common'
import { PETS } from '#contract/members'
import { TIERS } from '#contract/standing'
import { categoriesQuery } from '~/lib/categories/categories.queries'
import { ContractForm, showRejectedFields } from '~/lib/contract-form'
import { useLocale } from '~/lib/locale'
import { petLabel } from '~/lib/preference-labels'
import { platformLabel } from '~/lib/social-texts'
import { tierLabel } from '~/lib/standing-texts'
import { FixedValue, FormPart, useCampaignForm, useInvalidSentences } from './campaign-form-parts'
import { apiFieldsOf, campaignFormValuesOf, campaignInputOf, slugFollowsTitle } from './campaign-form-values'
import { kindLabel, selectionModeLabel } from './campaign-labels'
import type { ProductChoice } from './ops-campaigns.queries'
import { ScreenerFields } from './screener-fields'

/** How a selection mode is said to members, in the campaign pages' words (the route puts it in). */
export type SelectionModeNoteSlot = (mode: SelectionMode) => ReactNode

type CampaignFormProps = {
  /** The campaign as saved; null for a new one. */
  campaign: OpsCampaignDetail | null
  products: readonly ProductChoice[]
  /** Sends the campaign; the saved campaign (for an edit) becomes the form's new starting point. A failure is thrown. */
  onSave: (input: CampaignInput) => Promise<OpsCampaignDetail | void>
  submitLabel: string
  selectionModeNote: SelectionModeNoteSlot
}

/**
 * A campaign's definition, new or edited: basics, who may apply, the screener and the tasks.
 * Checked by the contract's schema before sending, each problem beside its field and what was typed
 * kept; the member API's refusals on the same fields. Once the campaign is published, what
 * applicants were promised (address, kind, selection mode, product) is shown as it stays.
 */
export function CampaignForm({ campaign, products, onSave, submitLabel, selectionModeNote }: CampaignFormProps) {
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const invalid = useInvalidSentences()
  const categories = useQuery(categoriesQuery)
  const status = campaign?.status ?? null
  const published = status !== null && status !== 'draft'
  const [defaults] = useState(() => campaignFormValuesOf(campaign))
  const [slugFollows, setSlugFollows] = useState(() => slugFollowsTitle(defaults, status))

  const form = useCampaignForm(defaults, async (values, formApi) => {
    let saved: OpsCampaignDetail | void
    try {
      saved = await onSave(v.parse(CampaignInputSchema, campaignInputOf(values)))
    } catch (error) {
      showRejectedFields(formApi, error, apiFieldsOf(values), invalid)
      return
    }
    if (saved) formApi.reset(campaignFormValuesOf(saved))
  })

  const countryNames = new Intl.DisplayNames([i18n.locale], { type: 'region' })
  const product = products.find((p) => p.id === campaign?.productId)
  const productOption = (p: ProductChoice) => (p.hasImage ? t`${p.brand}: ${p.name}` : t`${p.brand}: ${p.name} (no image yet)`)
  // The interests a campaign may ask for are the categories admins keep; ones chosen before stay listed by slug.
  const categoryOptions = (categories.data ?? []).map((category) => ({ value: category.slug, label: category.name }))
  for (const slug of defaults.eligibility.interests) if (!categoryOptions.some((o) => o.value === slug)) categoryOptions.push({ value: slug, label: slug })

  return (
    <ContractForm form={form} label={campaign ? t`Edit ${campaign.title}` : t`New campaign`} className="flex flex-col gap-6">
      <FormPart title={t`Basics`}>
        <form.AppField
          name="title"
          listeners={{
            onChange: ({ value }) => {
              if (slugFollows) form.setFieldValue('slug', slugFromTitle(value), { dontRunListeners: true })
            },
          }}
        >
          {(field) => <field.TextInput label={t`Title`} invalid={invalid('title')} maxLength={120} />}
        </form.AppField>
        {published ? (
          <FixedValue label={t`Address (slug)`} value={campaign!.slug} reason={t`Fixed once published: links to the campaign use it.`} />
        ) : (
          <form.AppField name="slug" listeners={{ onChange: () => setSlugFollows(false) }}>
            {(field) => (
              <field.TextInput
                label={t`Address (slug)`}
                description={t`Lower-case words joined by hyphens, at the end of the campaign page's address. Suggested from the title until you change it; fixed once published.`}
                invalid={invalid('slug')}
                maxLength={80}
                spellCheck={false}
                autoComplete="off"
              />
            )}
          </form.AppField>
        )}
        <form.AppField name="summary">
          {(field) => (
            <field.TextInput
              label={t`Summary`}
              description={t`One sentence under the title, on the campaign's card and page.`}
              invalid={invalid('summary')}
              maxLength={200}
            />
          )}
        </form.AppField>
        <form.AppField name="description">
          {(field) => (
            <field.TextAreaInput
              label={t`Description`}
              description={t`A blank line between paragraphs; a line starting with "- " is a list item.`}
              invalid={invalid('description')}
              rows={8}
              maxLength={8000}
            />
          )}
        </form.AppField>
        {published ? (
          <FixedValue
            label={t`Kind of test`}
            value={i18n._(kindLabel[campaign!.kind])}
            reason={t`Fixed once published: applicants signed up for this kind of test.`}
          />
        ) : (
          <form.AppField
            name="kind"
            listeners={{
              onChange: ({ value }) => {
                // A verified-purchase test always asks for the purchase.
                if (value === 'verified-purchase') form.setFieldValue('tasks.purchaseIntent', true)
              },
            }}
          >
            {(field) => (
              <field.RadioGroupInput
                legend={t`Kind of test`}
                invalid={invalid('kind')}
                options={CAMPAIGN_KINDS.map((kind) => ({ value: kind, label: i18n._(kindLabel[kind]) }))}
              />
            )}
          </form.AppField>
        )}
        {published ? (
          <FixedValue
            label={t`How places are given`}
            value={i18n._(selectionModeLabel[campaign!.selectionMode])}
            reason={t`Fixed once published: applicants were told how places are given.`}
          />
        ) : (
          <form.AppField name="selectionMode">
            {(field) => (
              <field.RadioGroupInput
                legend={t`How places are given`}
                description={
                  <ul className="list-disc pl-5">
                    <li>
                      {t`First come, first served: eligible applicants take the free places at once, then join a waitlist. Members read:`}{' '}
                      <q>{selectionModeNote('first-come')}</q>
                    </li>
                    <li>
                      {t`Curated: applications wait until the team chooses on the Applicants page; those not chosen are told once sign-up closes. Members read:`}{' '}
                      <q>{selectionModeNote('curated')}</q>
                    </li>
                  </ul>
                }
                invalid={invalid('selectionMode')}
                options={SELECTION_MODES.map((mode) => ({ value: mode, label: i18n._(selectionModeLabel[mode]) }))}
              />
            )}
          </form.AppField>
        )}
        {published ? (
          <FixedValue
            label={t`Product`}
            value={product ? productOption(product) : t`${campaign!.brand}: ${campaign!.productName}`}
            reason={t`Fixed once published: applicants signed up to test this product.`}
          />
        ) : (
          <form.AppField name="productId">
            {(field) => (
              <field.SelectInput
                label={t`Product`}
                description={
                  <>
                    {t`Publishing needs an image of the product.`}{' '}
                    <Link to="/$locale/ops/products" params={{ locale }} className="text-colbolt underline">
                      {t`Products and their images`}
                    </Link>
                  </>
                }
                invalid={invalid('productId')}
                options={[{ value: '', label: t`Choose a product` }, ...products.map((p) => ({ value: p.id, label: productOption(p) }))]}
              />
            )}
          </form.AppField>
        )}
      </FormPart>

      <FormPart title={t`Who can apply`} intro={t`Members see these rules on the campaign's page, and the member API checks them when someone applies.`}>
        <form.AppField name="eligibility.countries">
          {(field) => (
            <field.CheckboxGroupInput
              legend={t`Countries the test ships to`}
              invalid={invalid('eligibility.countries')}
              columns
              options={SHIPPING_COUNTRIES.map((code) => ({ value: code, label: countryNames.of(code) ?? code }))}
            />
          )}
        </form.AppField>
        <form.AppField name="eligibility.minAge">
          {(field) => (
            <field.NumberInput
              label={t`Minimum age`}
              description={t`Leave blank for no minimum age.`}
              invalid={invalid('eligibility.minAge')}
              min={MIN_AGE_RANGE[0]}
              max={MIN_AGE_RANGE[1]}
              className="max-w-xs"
            />
          )}
        </form.AppField>
        <form.AppField name="eligibility.phoneVerifiedRequired">
          {(field) => <field.CheckboxInput label={t`A verified phone number is required`} invalid={t`Tick or untick this box.`} />}
        </form.AppField>
        <form.AppField name="eligibility.socialProfileRequired">
          {(field) => <field.CheckboxInput label={t`A connected social account is required`} invalid={t`Tick or untick this box.`} />}
        </form.AppField>
        <form.AppField name="eligibility.onePerHousehold">
          {(field) => (
            <field.CheckboxInput
              label={t`One tester per household`}
              description={t`A member is not given a place while someone at the same shipping address has one in this test, in first-come sign-up and when you select testers.`}
              invalid={t`Tick or untick this box.`}
            />
          )}
        </form.AppField>
        <form.AppField name="eligibility.minTier">
          {(field) => (
            <field.SelectInput
              label={t`Minimum tier`}
              description={t`Members whose standing has reached this tier; the tier is earned by finishing tests well.`}
              invalid={invalid('eligibility.minTier')}
              options={[{ value: '', label: t`Any tier` }, ...TIERS.map((tier) => ({ value: tier.id, label: i18n._(tierLabel[tier.id]) }))]}
              className="max-w-sm"
            />
          )}
        </form.AppField>
        <form.AppField name="eligibility.interests">
          {(field) => (
            <field.CheckboxGroupInput
              legend={t`Interests`}
              description={
                categories.isError
                  ? t`The categories could not be loaded just now: the interests already chosen are kept. Reload the page to change them.`
                  : t`Members interested in at least one of the ticked categories; none ticked: anyone.`
              }
              invalid={invalid('eligibility.interests')}
              columns
              options={categoryOptions}
            />
          )}
        </form.AppField>
        <form.AppField name="eligibility.pets">
          {(field) => (
            <field.CheckboxGroupInput
              legend={t`Pets`}
              description={t`Households with at least one of the ticked pets; none ticked: anyone.`}
              invalid={invalid('eligibility.pets')}
              columns
              options={PETS.map((pet) => ({ value: pet, label: i18n._(petLabel[pet]) }))}
            />
          )}
        </form.AppField>
        <form.AppField name="eligibility.children">
          {(field) => (
            <field.RadioGroupInput
              legend={t`Children`}
              invalid={invalid('eligibility.children')}
              options={[
                { value: '', label: t`Any household` },
                ...CHILDREN_RULES.map((rule) => ({ value: rule, label: rule === 'with' ? t`Households with children` : t`Households without children` })),
              ]}
            />
          )}
        </form.AppField>
      </FormPart>

      <ScreenerFields form={form} campaign={campaign} invalid={invalid} />

      <FormPart title={t`Tasks`} intro={t`What testers do once selected. Publishing needs the review task.`}>
        <form.AppField name="tasks.questionnaire">
          {(field) => (
            <field.CheckboxInput
              label={t`Questionnaire: testers answer a short questionnaire about how they use the product`}
              invalid={t`Tick or untick this box.`}
            />
          )}
        </form.AppField>
        <form.Subscribe selector={(state) => state.values.kind}>
          {(kind) =>
            kind === 'verified-purchase' ? (
              <FixedValue
                label={t`Purchase`}
                value={t`Testers buy the product at a shop and confirm the purchase.`}
                reason={t`Always asked of a verified-purchase test.`}
              />
            ) : (
              <form.AppField name="tasks.purchaseIntent">
                {(field) => (
                  <field.CheckboxInput
                    label={t`Purchase: testers buy the product at a shop and confirm the purchase`}
                    invalid={invalid('tasks.purchaseIntent')}
                  />
                )}
              </form.AppField>
            )
          }
        </form.Subscribe>
        <form.AppField name="tasks.review">
          {(field) => <field.CheckboxInput label={t`Review: testers write an honest review with a star rating`} invalid={t`Tick or untick this box.`} />}
        </form.AppField>
        <form.AppField name="tasks.social">
          {(field) => <field.CheckboxInput label={t`Social posts: testers post about the product`} invalid={invalid('tasks.social')} />}
        </form.AppField>
        <form.Subscribe selector={(state) => state.values.tasks.social}>
          {(social) =>
            social && (
              <div className="ml-7 flex flex-col gap-4">
                <form.AppField name="tasks.socialPlatforms">
                  {(field) => (
                    <field.CheckboxGroupInput
                      legend={t`Platforms for the posts`}
                      description={t`None ticked: any platform the tester uses.`}
                      invalid={invalid('tasks.socialPlatforms')}
                      columns
                      options={SOCIAL_PLATFORMS.map((platform) => ({ value: platform, label: i18n._(platformLabel[platform]) }))}
                    />
                  )}
                </form.AppField>
                <form.AppField name="tasks.impressions">
                  {(field) => (
                    <field.CheckboxInput label={t`Impressions report: testers report how many people saw their posts`} invalid={t`Tick or untick this box.`} />
                  )}
                </form.AppField>
              </div>
            )
          }
        </form.Subscribe>
      </FormPart>

      <div>
        <form.SubmitButton size="large">{submitLabel}</form.SubmitButton>
      </div>
    </ContractForm>
  )
}
