// The campaign editor's form and the contract's CampaignInput, both ways. The form holds what the
// editor shows (an option with its "disqualifies" box beside it, "anyone" as an empty choice); the
// contract's schema checks what would be sent, and its issues (or the member API's field errors)
// are put back on the form's fields by path.
import * as v from 'valibot'
import { CampaignInputSchema, slugFromTitle, type CampaignInput, type OpsCampaignDetail } from '#contract/campaign-authoring'
import type { CampaignKind, ChildrenRule, SelectionMode, Tasks } from '#contract/campaigns'
import type { Country } from '#contract/common'
import type { PETS } from '#contract/members'
import type { TierId } from '#contract/standing'

export type ScreenerKind = CampaignInput['screener'][number]['kind']
export type OptionValues = { text: string; disqualifies: boolean }
export type QuestionValues = {
  /** The stored question's id (answers are attached to it); null for a question not saved yet. */
  id: string | null
  prompt: string
  kind: ScreenerKind
  /** Kept while the kind is "short text", so switching back does not lose them; not sent then. */
  options: OptionValues[]
  required: boolean
}
export type CampaignFormValues = {
  title: string
  slug: string
  summary: string
  description: string
  kind: CampaignKind
  selectionMode: SelectionMode
  /** '' until a product is chosen. */
  productId: string
  eligibility: {
    countries: Country[]
    minAge: number | null
    phoneVerifiedRequired: boolean
    socialProfileRequired: boolean
    interests: string[]
    pets: (typeof PETS)[number][]
    /** '' for anyone. */
    children: ChildrenRule | ''
    /** '' for anyone. */
    minTier: TierId | ''
    onePerHousehold: boolean
  }
  screener: QuestionValues[]
  tasks: Tasks
}

export const newOption = (): OptionValues => ({ text: '', disqualifies: false })
export const newQuestion = (): QuestionValues => ({ id: null, prompt: '', kind: 'single', options: [newOption(), newOption()], required: true })

/** The form's starting values: the campaign as saved, or a new campaign's (every test asks for a review). */
export function campaignFormValuesOf(campaign: OpsCampaignDetail | null): CampaignFormValues {
  if (!campaign)
    return {
      title: '',
      slug: '',
      summary: '',
      description: '',
      kind: 'free-product',
      selectionMode: 'first-come',
      productId: '',
      eligibility: {
        countries: [],
        minAge: null,
        phoneVerifiedRequired: false,
        socialProfileRequired: false,
        interests: [],
        pets: [],
        children: '',
        minTier: '',
        // New campaigns take one tester per household unless their author turns it off.
        onePerHousehold: true,
      },
      screener: [],
      tasks: { questionnaire: false, purchaseIntent: false, review: true, social: false, socialPlatforms: [], impressions: false },
    }
  const { eligibility } = campaign
  return {
    title: campaign.title,
    slug: campaign.slug,
    summary: campaign.summary,
    description: campaign.description,
    kind: campaign.kind,
    selectionMode: campaign.selectionMode,
    productId: campaign.productId,
    eligibility: { ...eligibility, children: eligibility.children ?? '', minTier: eligibility.minTier ?? '' },
    screener: campaign.screener.map((q) => ({
      id: q.id,
      prompt: q.prompt,
      kind: q.kind,
      options: q.options.map((text) => ({ text, disqualifies: q.disqualifying.includes(text) })),
      required: q.required,
    })),
    tasks: { ...campaign.tasks, socialPlatforms: [...campaign.tasks.socialPlatforms] },
  }
}

/**
 * What the form would send. A short-text question sends no options; a verified-purchase test
 * always asks for the purchase; platforms and the impressions report go only with social posts
 * (the editor hides them when posts are off, so what it hides is not sent).
 */
export function campaignInputOf(values: CampaignFormValues): CampaignInput {
  const { eligibility, tasks } = values
  return {
    title: values.title,
    slug: values.slug,
    summary: values.summary,
    description: values.description,
    kind: values.kind,
    selectionMode: values.selectionMode,
    productId: values.productId,
    eligibility: {
      ...eligibility,
      children: eligibility.children === '' ? null : eligibility.children,
      minTier: eligibility.minTier === '' ? null : eligibility.minTier,
    },
    screener: values.screener.map((q) => {
      const options = q.kind === 'text' ? [] : q.options
      return {
        ...(q.id ? { id: q.id } : {}),
        prompt: q.prompt,
        kind: q.kind,
        options: options.map((o) => o.text),
        required: q.required,
        disqualifying: options.filter((o) => o.disqualifies).map((o) => o.text),
      }
    }),
    tasks: {
      ...tasks,
      purchaseIntent: tasks.purchaseIntent || values.kind === 'verified-purchase',
      socialPlatforms: tasks.social ? tasks.socialPlatforms : [],
      impressions: tasks.social && tasks.impressions,
    },
  }
}

type PathKey = string | number

/**
 * The form's path for a path of CampaignInput (a schema issue's, or a field the member API named):
 * an option's text for an option, the question's options for its disqualifying ones (they are the
 * boxes beside the options), the list for an item of a list of choices.
 */
export function formPathOf(path: readonly PathKey[]): PathKey[] {
  const [head, second, third, fourth] = path
  if (head === undefined) return []
  if (head === 'eligibility' || head === 'tasks') return second === undefined ? [head] : [head, second]
  if (head !== 'screener') return [head]
  if (second === undefined) return ['screener']
  const question = Number(second)
  if (third === 'options' && fourth !== undefined) return ['screener', question, 'options', Number(fourth), 'text']
  if (third === 'options' || third === 'disqualifying') return ['screener', question, 'options']
  if (third === 'kind' || third === 'required') return ['screener', question, third]
  return ['screener', question, 'prompt']
}

/** A form path as the form names its field: `screener[0].options[1].text`. */
export function fieldNameOf(path: readonly PathKey[]): string {
  return path.map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? key : `.${key}`)).join('')
}

const TOP_LEVEL = ['title', 'slug', 'summary', 'description', 'kind', 'selectionMode', 'productId'] as const
const ELIGIBILITY = ['countries', 'minAge', 'phoneVerifiedRequired', 'socialProfileRequired', 'interests', 'pets', 'children', 'minTier'] as const
const TASKS = ['questionnaire', 'purchaseIntent', 'review', 'social', 'socialPlatforms', 'impressions'] as const
const QUESTION = ['id', 'prompt', 'kind', 'options', 'required', 'disqualifying'] as const

/** The member API's names of the fields it may refuse (dotted, as its field errors name them) → the form's, for these values. */
export function apiFieldsOf(values: CampaignFormValues): Record<string, string> {
  const paths: PathKey[][] = [
    ...TOP_LEVEL.map((key) => [key]),
    ['eligibility'],
    ...ELIGIBILITY.map((key) => ['eligibility', key]),
    ['tasks'],
    ...TASKS.map((key) => ['tasks', key]),
    ['screener'],
  ]
  values.screener.forEach((question, i) => {
    for (const key of QUESTION) paths.push(['screener', i, key])
    question.options.forEach((_, j) => paths.push(['screener', i, 'options', j]))
  })
  return Object.fromEntries(paths.map((path) => [path.join('.'), fieldNameOf(formPathOf(path))]))
}

/** What the page's sentence for a field is about: its name with the question and option numbers taken out. */
export function fieldKindOf(name: string): string {
  return name.replace(/\[\d+\]/g, '[]')
}

const issueKeys = (issue: v.BaseIssue<unknown>): PathKey[] => (issue.path ?? []).map((item) => item.key as PathKey)

/**
 * The form's check before sending: the contract's CampaignInputSchema on what would be sent, each
 * issue put on the form's field for it (a Standard Schema, as TanStack Form takes the contract's).
 */
export const campaignFormSchema: { readonly '~standard': v.StandardProps<CampaignFormValues, CampaignInput> } = {
  '~standard': {
    version: 1,
    vendor: 'valibot',
    validate(value) {
      const result = v.safeParse(CampaignInputSchema, campaignInputOf(value as CampaignFormValues))
      if (result.success) return { value: result.output }
      return { issues: result.issues.map((issue) => ({ message: issue.message, path: formPathOf(issueKeys(issue)) })) }
    },
  },
}

/**
 * Whether the slug goes on following the title as it is typed: on a draft whose slug is still the
 * one its title suggests (a new campaign's empty one included), until the slug is edited by hand.
 */
export const slugFollowsTitle = (values: Pick<CampaignFormValues, 'title' | 'slug'>, status: OpsCampaignDetail['status'] | null) =>
  (status === null || status === 'draft') && values.slug === slugFromTitle(values.title)
