import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { CampaignInputSchema, FlightInputSchema, ScreenerQuestionInputSchema, slugFromTitle, type CampaignInput } from './campaign-authoring'

const fieldsOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input)
  return result.success ? {} : v.flatten(result.issues).nested
}

const campaign: CampaignInput = {
  title: 'Brew at home',
  slug: 'brew-at-home',
  summary: 'Test a cold brew jug.',
  description: 'Steep overnight, pour in the morning.',
  kind: 'free-product',
  selectionMode: 'curated',
  productId: crypto.randomUUID(),
  eligibility: {
    countries: ['GB'],
    minAge: 18,
    phoneVerifiedRequired: false,
    socialProfileRequired: false,
    interests: [],
    pets: [],
    children: null,
    minTier: 'tester',
    onePerHousehold: true,
  },
  screener: [],
  tasks: { questionnaire: false, purchaseIntent: false, review: true, social: true, socialPlatforms: ['instagram'], impressions: true },
}

describe('slugFromTitle', () => {
  it('turns a title into lower-case words joined by hyphens, accents and signs dropped', () => {
    expect(slugFromTitle('Brew less, sip more: Café & Crème 500 ml!')).toBe('brew-less-sip-more-cafe-and-creme-500-ml')
    expect(slugFromTitle('  --  ')).toBe('')
    expect(slugFromTitle('a'.repeat(100)).length).toBe(80)
  })
})

describe('campaign input', () => {
  it('takes a whole campaign', () => {
    expect(fieldsOf(CampaignInputSchema, campaign)).toEqual({})
  })

  it('takes one tester per household unless the author turns it off', () => {
    const { onePerHousehold: _on, ...rules } = campaign.eligibility
    expect(v.parse(CampaignInputSchema, { ...campaign, eligibility: rules }).eligibility.onePerHousehold).toBe(true)
    expect(v.parse(CampaignInputSchema, { ...campaign, eligibility: { ...rules, onePerHousehold: false } }).eligibility.onePerHousehold).toBe(false)
  })

  it('asks a verified-purchase test for the purchase, and social extras only with social posts', () => {
    expect(Object.keys(fieldsOf(CampaignInputSchema, { ...campaign, kind: 'verified-purchase' }) ?? {})).toEqual(['tasks.purchaseIntent'])
    const noSocial = { ...campaign, tasks: { ...campaign.tasks, social: false } }
    expect(Object.keys(fieldsOf(CampaignInputSchema, noSocial) ?? {})).toEqual(['tasks.social'])
  })

  it('refuses two questions with one id: answers are attached by it', () => {
    const question = { id: 'coffee', prompt: 'Coffee?', kind: 'single', options: ['Yes', 'No'], required: true, disqualifying: [] }
    expect(Object.keys(fieldsOf(CampaignInputSchema, { ...campaign, screener: [question, { ...question, prompt: 'Tea?' }] }) ?? {})).toEqual(['screener'])
  })

  it('refuses a slug that is not lower-case words joined by hyphens, and an age outside 13 to 99', () => {
    for (const slug of ['Brew', 'brew--home', '-brew', 'brew_home', 'ab'])
      expect(Object.keys(fieldsOf(CampaignInputSchema, { ...campaign, slug }) ?? {})).toEqual(['slug'])
    expect(Object.keys(fieldsOf(CampaignInputSchema, { ...campaign, eligibility: { ...campaign.eligibility, minAge: 12 } }) ?? {})).toEqual([
      'eligibility.minAge',
    ])
  })
})

describe('screener question input', () => {
  const question = { prompt: 'Coffee?', kind: 'single', options: ['Yes', 'No'], required: true, disqualifying: ['No'] }

  it('takes choice questions with 2 or more distinct options, text questions with none', () => {
    expect(fieldsOf(ScreenerQuestionInputSchema, question)).toEqual({})
    expect(fieldsOf(ScreenerQuestionInputSchema, { ...question, kind: 'text', options: [], disqualifying: [] })).toEqual({})
    expect(Object.keys(fieldsOf(ScreenerQuestionInputSchema, { ...question, options: ['Yes'], disqualifying: [] }) ?? {})).toEqual(['options'])
    expect(Object.keys(fieldsOf(ScreenerQuestionInputSchema, { ...question, kind: 'text', disqualifying: [] }) ?? {})).toEqual(['options'])
    expect(Object.keys(fieldsOf(ScreenerQuestionInputSchema, { ...question, options: ['Yes', 'Yes'], disqualifying: [] }) ?? {})).toEqual(['options'])
  })

  it('lets only its own options disqualify, and never all of them', () => {
    expect(Object.keys(fieldsOf(ScreenerQuestionInputSchema, { ...question, disqualifying: ['Maybe'] }) ?? {})).toEqual(['disqualifying'])
    expect(Object.keys(fieldsOf(ScreenerQuestionInputSchema, { ...question, disqualifying: ['Yes', 'No'] }) ?? {})).toEqual(['disqualifying'])
  })
})

describe('flight input', () => {
  const flight = {
    name: 'Flight 1',
    signupOpensAt: '2030-01-01T09:00:00.000Z',
    signupClosesAt: '2030-01-10T09:00:00.000Z',
    testingStartsAt: '2030-01-10T09:00:00.000Z',
    reviewDueAt: '2030-02-01T09:00:00.000Z',
    quota: 10,
  }

  it('takes dates in order; testing may start as sign-up closes', () => {
    expect(fieldsOf(FlightInputSchema, flight)).toEqual({})
  })

  it('names each date out of order', () => {
    expect(Object.keys(fieldsOf(FlightInputSchema, { ...flight, signupClosesAt: flight.signupOpensAt }) ?? {})).toEqual(['signupClosesAt'])
    expect(Object.keys(fieldsOf(FlightInputSchema, { ...flight, testingStartsAt: '2030-01-09T09:00:00.000Z' }) ?? {})).toEqual(['testingStartsAt'])
    expect(Object.keys(fieldsOf(FlightInputSchema, { ...flight, reviewDueAt: flight.testingStartsAt }) ?? {})).toEqual(['reviewDueAt'])
  })

  it('refuses a quota that is not a whole number from 1', () => {
    for (const quota of [0, 2.5, -1]) expect(Object.keys(fieldsOf(FlightInputSchema, { ...flight, quota }) ?? {})).toEqual(['quota'])
  })
})
