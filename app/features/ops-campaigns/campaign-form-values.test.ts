import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { CampaignInputSchema, type OpsCampaignDetail } from '#contract/campaign-authoring'
import {
  apiFieldsOf,
  campaignFormSchema,
  campaignFormValuesOf,
  campaignInputOf,
  fieldKindOf,
  fieldNameOf,
  formPathOf,
  newQuestion,
  slugFollowsTitle,
  type CampaignFormValues,
} from './campaign-form-values'

const saved: OpsCampaignDetail = {
  id: '7f0c3a52-8d1e-4b7a-9c55-0e6f1f2a3b4c',
  status: 'draft',
  title: 'Brew at home',
  slug: 'brew-at-home',
  summary: 'Test a cold brew jug for two weeks.',
  description: 'Steep overnight, pour in the morning.\n\n- One jug\n- A steel filter',
  kind: 'free-product',
  selectionMode: 'curated',
  productId: '0b6f2c1e-3d4a-4e5f-8a9b-1c2d3e4f5a6b',
  productName: 'Cold brew jug',
  brand: 'Kettle & Kiln',
  eligibility: {
    countries: ['GB', 'DE'],
    minAge: 18,
    phoneVerifiedRequired: true,
    socialProfileRequired: false,
    interests: ['kitchen'],
    pets: [],
    children: null,
    minTier: 'trusted',
    onePerHousehold: true,
  },
  screener: [
    {
      id: 'q-1',
      prompt: 'How do you take your coffee?',
      kind: 'single',
      options: ['Black', 'With milk', 'I do not drink coffee'],
      required: true,
      disqualifying: ['I do not drink coffee'],
    },
    { id: 'q-2', prompt: 'Anything else?', kind: 'text', options: [], required: false, disqualifying: [] },
  ],
  screenerVersion: 1,
  hasApplicants: false,
  tasks: { questionnaire: true, purchaseIntent: false, review: true, social: true, socialPlatforms: ['instagram'], impressions: true },
  flights: [],
  updatedAt: '2026-07-01T09:00:00.000Z',
  updatedBy: 'Cam Manager',
}

/** A campaign the schema accepts, as the form holds it. */
const valid = (): CampaignFormValues => ({ ...campaignFormValuesOf(saved), slug: 'brew-at-home' })

const issuesOf = (values: CampaignFormValues) => {
  const result = campaignFormSchema['~standard'].validate(values) as { issues?: { path: (string | number)[] }[] }
  return (result.issues ?? []).map((issue) => fieldNameOf(issue.path))
}

describe('the campaign form and CampaignInput', () => {
  it('gives back the saved campaign unchanged: ids kept, each disqualifying option ticked beside it, "anyone" as null', () => {
    const values = campaignFormValuesOf(saved)
    expect(values.screener[0]!.options).toEqual([
      { text: 'Black', disqualifies: false },
      { text: 'With milk', disqualifies: false },
      { text: 'I do not drink coffee', disqualifies: true },
    ])
    expect(values.eligibility.children).toBe('')
    const input = campaignInputOf(values)
    expect(input).toEqual({
      title: saved.title,
      slug: saved.slug,
      summary: saved.summary,
      description: saved.description,
      kind: saved.kind,
      selectionMode: saved.selectionMode,
      productId: saved.productId,
      eligibility: saved.eligibility,
      screener: saved.screener,
      tasks: saved.tasks,
    })
    expect(v.safeParse(CampaignInputSchema, input).success).toBe(true)
  })

  it('starts a new campaign empty, asking for a review and one tester per household; a new question has two empty options and no id', () => {
    const values = campaignFormValuesOf(null)
    expect(values).toMatchObject({ title: '', slug: '', productId: '', kind: 'free-product', selectionMode: 'first-come', screener: [] })
    expect(values.tasks.review).toBe(true)
    expect(values.eligibility.onePerHousehold).toBe(true)
    const input = campaignInputOf({
      ...valid(),
      screener: [
        {
          ...newQuestion(),
          prompt: 'Pick',
          options: [
            { text: 'A', disqualifies: false },
            { text: 'B', disqualifies: true },
          ],
        },
      ],
    })
    expect(input.screener[0]).toEqual({ prompt: 'Pick', kind: 'single', options: ['A', 'B'], required: true, disqualifying: ['B'] })
  })

  it('sends no options for a short-text question, the purchase for a verified-purchase test, and social extras only with social posts', () => {
    const values = valid()
    values.screener[0]!.kind = 'text'
    values.kind = 'verified-purchase'
    values.tasks = { ...values.tasks, social: false }
    const input = campaignInputOf(values)
    expect(input.screener[0]).toMatchObject({ options: [], disqualifying: [] })
    expect(input.tasks).toMatchObject({ purchaseIntent: true, socialPlatforms: [], impressions: false })
    // What was typed stays in the form for switching back.
    expect(values.screener[0]!.options).toHaveLength(3)
  })

  it("puts the contract's issues on the form's fields: an option's text, the options for what disqualifies", () => {
    const values = valid()
    values.slug = 'Not A Slug'
    values.productId = ''
    values.eligibility.countries = []
    values.eligibility.minAge = 7
    values.screener[0]!.options[1]!.text = ' '
    values.screener.push({ ...newQuestion(), prompt: 'Only one', options: [{ text: 'Yes', disqualifies: true }] })
    // A field may have several issues (too few options, and every one disqualifying): one sentence shows.
    expect([...new Set(issuesOf(values))].sort()).toEqual([
      'eligibility.countries',
      'eligibility.minAge',
      'productId',
      'screener[0].options[1].text',
      'screener[2].options',
      'slug',
    ])
    // Every option disqualifying: the question's options say so.
    const allOut = valid()
    allOut.screener[0]!.options = allOut.screener[0]!.options.map((o) => ({ ...o, disqualifies: true }))
    expect(issuesOf(allOut)).toEqual(['screener[0].options'])
  })

  it('passes a valid campaign with its CampaignInput as the output', () => {
    const result = campaignFormSchema['~standard'].validate(valid()) as { value?: unknown; issues?: unknown }
    expect(result.issues).toBeUndefined()
    expect(result.value).toMatchObject({ slug: 'brew-at-home', eligibility: { minTier: 'trusted', children: null } })
  })
})

describe("the member API's field names", () => {
  it('map onto the form: list items onto their list, disqualifying onto the options, an option onto its text', () => {
    expect(formPathOf(['eligibility', 'countries', 2])).toEqual(['eligibility', 'countries'])
    expect(formPathOf(['screener', '1', 'options', '0'])).toEqual(['screener', 1, 'options', 0, 'text'])
    expect(formPathOf(['screener', 0, 'disqualifying', 1])).toEqual(['screener', 0, 'options'])
    expect(formPathOf(['screener', 0, 'id'])).toEqual(['screener', 0, 'prompt'])
    const fields = apiFieldsOf(valid())
    expect(fields).toMatchObject({
      slug: 'slug',
      'eligibility.interests': 'eligibility.interests',
      'tasks.purchaseIntent': 'tasks.purchaseIntent',
      'screener.0.options.2': 'screener[0].options[2].text',
      'screener.0.disqualifying': 'screener[0].options',
      'screener.1.prompt': 'screener[1].prompt',
    })
    expect(fieldKindOf('screener[10].options[2].text')).toBe('screener[].options[].text')
  })
})

describe('the slug suggested from the title', () => {
  it('follows the title of a new campaign or a draft whose slug is still the suggested one, never a published one', () => {
    expect(slugFollowsTitle({ title: '', slug: '' }, null)).toBe(true)
    expect(slugFollowsTitle({ title: 'Brew at home', slug: 'brew-at-home' }, 'draft')).toBe(true)
    expect(slugFollowsTitle({ title: 'Brew at home', slug: 'cold-brew' }, 'draft')).toBe(false)
    expect(slugFollowsTitle({ title: 'Brew at home', slug: 'brew-at-home' }, 'published')).toBe(false)
  })
})
