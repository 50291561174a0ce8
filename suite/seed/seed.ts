// Demo data for local mode: seeded on first start, idempotent on every later start.
// State changes go through the same operator services as the ops CLI.
import * as v from 'valibot'
import { ProductInputSchema } from '../../contract/authoring'
import { AddressInputSchema } from '../../contract/address'
import { CreateMemberBodySchema, SocialProfileInputSchema, UpdateProfileBodySchema } from '../../contract/members'
import { and, desc, eq, or, sql } from 'drizzle-orm'
import { brands, brandUsers, campaigns, flights, ledgerEntries, members, outbox, secondFactors } from '../db/schema'
import { enrolKnownAuthenticator } from '../services/second-factor'
import type { Clock, SuiteDeps } from '../deps'
import { completeRegistration, memberForIdentity, updateProfile } from '../services/members'
import { saveMemberAddress } from '../services/address'
import { saveMemberSocialProfile } from '../services/social'
import { campaignEligibility } from '../services/eligibility'
import { reportImpressions, submitReview, submitSocialPost } from '../services/content'
import { acknowledge, processSignup, selectParticipation } from '../services/participations'
import { approveReview, deliver, ship } from '../services/operations'
import { grantGoodwill } from '../staff/members'
import { grantRole } from '../staff/roles'
import { inviteBrandUser } from '../staff/brands'
import { acceptInvitation } from '../services/brands'
import type { ScreenerQuestion, TasksInput } from '../../contract/campaigns'
import type { ScreenerAnswer } from '../../contract/participations'
import {
  CAMPAIGNS,
  COMMUNITY,
  DEMO_BRAND_VIEWER,
  DEMO_FRIENDS,
  DEMO_MEMBER,
  DEMO_STAFF,
  type SeedCampaign,
  type SeedCommunityMember,
  type SeedPhase,
} from './catalogue'
import { ROLES } from '../../contract/staff'
import { demoImageAlt, demoImagePng } from './images'
import { commandLineActor, type StaffActor } from '../actors/actor'
import { createCampaignFromDefinition } from '../staff/campaign-authoring'
import { addProductImage } from '../staff/product-images'
import { createProduct } from '../staff/products'

const DAY = 24 * 60 * 60 * 1000

/** Flight dates (days from now) that put a flight in each phase at seeding time. */
const PHASE_DAYS: Record<SeedPhase, [opens: number, closes: number, testing: number, due: number]> = {
  upcoming: [7, 21, 28, 56],
  open: [-5, 10, 17, 45],
  testing: [-40, -26, -20, 15],
  completed: [-120, -105, -100, -60],
}

const at = (now: Date, days: number) => new Date(now.getTime() + days * DAY)
const fixedClock = (date: Date): Clock => ({ now: () => new Date(date) })
const CARRIERS = ['DHL', 'Royal Mail', 'UPS', 'DPD', 'PostNL']

export interface SeedResult {
  seeded: boolean
  campaigns: number
  demo: 'created' | 'present' | 'skipped'
  demoEmail: string
  /** The demo staff account (with the demo member): every role. */
  staffEmail: string | null
}

export async function seedDemoData(deps: SuiteDeps, options: { demoMember?: boolean } = {}): Promise<SeedResult> {
  const [existing] = await deps.db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(eq(campaigns.slug, CAMPAIGNS[0]?.slug ?? ''))
  const seeded = !existing
  if (seeded) await seedCatalogue(deps)
  let demo: SeedResult['demo'] = 'skipped'
  let staffEmail: string | null = null
  if (options.demoMember ?? true) {
    demo = await seedDemoMember(deps)
    staffEmail = await seedDemoStaff(deps)
    await seedDemoBrandViewer(deps)
  }
  return { seeded, campaigns: CAMPAIGNS.length, demo, demoEmail: DEMO_MEMBER.email, staffEmail }
}

/**
 * The demo staff account holds every role, granted as an admin grants one (audited; kept if present,
 * and roles revoked since are given back at the next start).
 */
async function seedDemoStaff(deps: SuiteDeps): Promise<string> {
  const uid = await deps.identity.ensureUser({ email: DEMO_STAFF.email, password: DEMO_STAFF.password, displayName: DEMO_STAFF.displayName })
  for (const role of ROLES) await grantRole(deps, seedActor(), DEMO_STAFF.email, role)
  await ensureDemoAuthenticator(deps, uid, DEMO_STAFF.authenticatorKey)
  return DEMO_STAFF.email
}

/** A demo account holds an authenticator with its published setup key (local mode only seeds). */
async function ensureDemoAuthenticator(deps: SuiteDeps, uid: string, key: string): Promise<void> {
  const [held] = await deps.db.select({ id: secondFactors.id }).from(secondFactors).where(eq(secondFactors.uid, uid)).limit(1)
  if (!held) await enrolKnownAuthenticator(deps, uid, key, 'Demo authenticator')
}

/**
 * The demo brand's user joins as anyone outside the community does: staff invite the address, and
 * the person follows the link of the invitation e-mail (local mode's outbox holds it) signed in.
 */
async function seedDemoBrandViewer(deps: SuiteDeps): Promise<void> {
  const { email, password, displayName, brand } = DEMO_BRAND_VIEWER
  const uid = await deps.identity.ensureUser({ email, password, displayName })
  const [owner] = await deps.db
    .select({ id: brands.id })
    .from(brands)
    .where(sql`lower(${brands.name}) = lower(${brand})`)
  if (!owner) throw new Error(`The demo brand ${brand} is not in the catalogue`)
  const [joined] = await deps.db.select({ uid: brandUsers.uid }).from(brandUsers).where(eq(brandUsers.uid, uid))
  if (!joined) {
    await inviteBrandUser(deps, seedActor(), owner.id, email)
    const [message] = await deps.db
      .select({ body: outbox.body })
      .from(outbox)
      .where(and(eq(outbox.recipient, email), eq(outbox.template, 'brand-invitation')))
      .orderBy(desc(outbox.createdAt))
      .limit(1)
    const token = /join-brand\?token=([A-Za-z0-9_-]+)/.exec(message?.body ?? '')?.[1]
    if (!token) throw new Error(`No invitation e-mail reached ${email}`)
    const identity = { uid, email, emailVerified: true, phoneVerified: false, name: displayName, signInProvider: 'password', authTime: deps.clock.now() }
    await acceptInvitation(deps, identity, { ...seedActor(), uid, email, name: displayName }, token)
  }
  await ensureDemoAuthenticator(deps, uid, DEMO_BRAND_VIEWER.authenticatorKey)
}

type MemberRow = typeof members.$inferSelect

/** A member's e-mail address in the demo: their name, in plain letters, at the demo's own domain. */
function demoEmail(person: SeedCommunityMember): string {
  const plain = (name: string) =>
    name
      .normalize('NFD')
      .replace(/[^A-Za-z]/g, '')
      .toLowerCase()
  return `${plain(person.firstName)}.${plain(person.lastName)}@community.testerscircle.example`
}

/**
 * Someone joins as a member does: an account at the identity provider (with a password nobody is
 * told), the member record made on their first call, the registration form (with a friend's
 * referral code when they have one), their profile, their shipping address and, when they have
 * one, their Instagram profile; each on the day it happened. Every input is read through the
 * contract's schema, as the member API reads the portal's forms.
 */
async function joinAsMember(
  deps: SuiteDeps,
  person: SeedCommunityMember,
  joined: Date,
  extra: { referralCode?: string; instagramFollowers?: number } = {},
): Promise<MemberRow> {
  const email = demoEmail(person)
  const displayName = `${person.firstName} ${person.lastName.charAt(0)}.`
  const uid = await deps.identity.ensureUser({ email, password: crypto.randomUUID(), displayName })
  const onDay = (hours: number) => ({ ...deps, clock: fixedClock(new Date(joined.getTime() + hours * 60 * 60 * 1000)) })
  const identity = {
    uid,
    email,
    emailVerified: true,
    phoneVerified: false,
    name: `${person.firstName} ${person.lastName}`,
    signInProvider: 'password',
    authTime: joined,
  }
  const first = await memberForIdentity(onDay(0), identity)
  const registration = v.parse(CreateMemberBodySchema, {
    firstName: person.firstName,
    lastName: person.lastName,
    birthDate: person.birthDate,
    ...(extra.referralCode ? { referralCode: extra.referralCode } : {}),
  })
  const { member: registered } = await completeRegistration(onDay(0.1), first, registration)
  const profile = v.parse(UpdateProfileBodySchema, {
    languages: person.languages,
    preferences: { interests: person.interests, pets: person.pets, children: person.children },
  })
  await updateProfile(onDay(0.2), registered, profile)
  const { line1, line2, postalCode, city, region, country } = person.address
  await saveMemberAddress(
    onDay(0.3),
    registered.id,
    v.parse(AddressInputSchema, { name: `${person.firstName} ${person.lastName}`, line1, line2, postalCode, city, region, country }),
  )
  if (extra.instagramFollowers !== undefined) {
    const handle = email.split('@')[0]!.replace('.', '_')
    const social = v.parse(SocialProfileInputSchema, {
      platform: 'instagram',
      handle,
      url: `https://www.instagram.com/${handle}`,
      followers: extra.instagramFollowers,
    })
    await saveMemberSocialProfile(onDay(24), registered.id, social)
  }
  const [row] = await deps.db.select().from(members).where(eq(members.id, registered.id))
  if (!row) throw new Error(`${email} was not registered`)
  return row
}

/** The community joined over the months before the first seeded test, one every few days; two in three have an Instagram profile. */
async function joinCommunity(deps: SuiteDeps, now: Date): Promise<MemberRow[]> {
  const rows: MemberRow[] = []
  for (const [i, person] of COMMUNITY.entries()) {
    rows.push(await joinAsMember(deps, person, at(now, -200 + i * 2), i % 3 === 2 ? {} : { instagramFollowers: 300 + ((i * 977) % 9000) }))
  }
  return rows
}

/**
 * Answers a campaign's screener as an applicant who passes it would: for each question, one of the
 * options its author did not mark as turning an applicant away (varied by `n`), or a line of text.
 */
function passingAnswers(screener: ScreenerQuestion[], n: number): ScreenerAnswer[] {
  return screener.map((question) => {
    const allowed = question.options.filter((option) => !(question.disqualifying ?? []).includes(option))
    const choice = allowed[n % allowed.length] ?? ''
    if (question.kind === 'text') return { questionId: question.id, answer: 'I use products like this every week.' }
    return { questionId: question.id, answer: question.kind === 'multi' ? [choice] : choice }
  })
}

/** The seed acts as the command line does, under its own name in the audit log. */
function seedActor(): StaffActor {
  return { ...commandLineActor(), uid: 'seed', name: 'demo seed' }
}

/**
 * The demo catalogue is made the way staff make campaigns: each product, its picture, the campaign
 * and its flight through the console's own services, then published. A seed campaign that the
 * services refuse stops the seed, so the demo data cannot hold a campaign the console could not.
 */
async function authorCampaign(deps: SuiteDeps, seed: SeedCampaign, now: Date): Promise<{ campaignId: string; flightId: string }> {
  const [opens, closes, testing, due] = PHASE_DAYS[seed.phase]
  const authoring = { ...deps, clock: fixedClock(at(now, opens - 14)) }
  const actor = seedActor()
  const { image, ...product } = seed.product
  // Read as the console's product form is: the contract's schema fills what the seed leaves out.
  const made = await createProduct(authoring, actor, v.parse(ProductInputSchema, product))
  const png = await demoImagePng(image)
  if (!png) throw new Error(`No demo picture ${image}`)
  await addProductImage(authoring, actor, made.id, png, demoImageAlt(image) ?? product.name)
  const campaign = await createCampaignFromDefinition(authoring, actor, {
    campaign: {
      title: seed.title,
      slug: seed.slug,
      summary: seed.summary,
      description: seed.description,
      kind: seed.kind,
      selectionMode: seed.selectionMode ?? 'first-come',
      productId: made.id,
      eligibility: seed.eligibility,
      screener: seed.screener.map((question) => ({ ...question, disqualifying: question.disqualifying ?? [] })),
      tasks: seed.tasks,
    },
    flights: [
      {
        name: 'Flight 1',
        signupOpensAt: at(now, opens).toISOString(),
        signupClosesAt: at(now, closes).toISOString(),
        testingStartsAt: at(now, testing).toISOString(),
        reviewDueAt: at(now, due).toISOString(),
        quota: seed.quota,
      },
    ],
    publish: true,
  })
  return { campaignId: campaign.id, flightId: campaign.flights[0]!.id }
}

/**
 * The seeded tests' community: members who joined, applied to the campaigns they could take part
 * in (the eligibility check the portal shows decides who applies), were selected or waitlisted by
 * the sign-up itself (first come, first served) or chosen by staff (curated), received their
 * parcels, did their tasks and wrote the reviews a moderator published.
 */
async function seedCatalogue(deps: SuiteDeps) {
  const now = deps.clock.now()
  const community = await joinCommunity(deps, now)
  const list: { seed: SeedCampaign; campaignId: string; flightId: string }[] = []
  for (const seed of CAMPAIGNS) list.push({ seed, ...(await authorCampaign(deps, seed, now)) })

  let next = 0
  for (const { seed, campaignId } of list) {
    const [opens, , testing] = PHASE_DAYS[seed.phase]
    const applied = at(now, opens + 1)
    const testerCount = seed.reviews?.length ?? seed.selected ?? (seed.phase === 'testing' ? 8 : 0)
    const waitlist = seed.waitlisted ?? 0
    const testers: { member: MemberRow; participationId: string }[] = []
    let waiting = 0
    // The community takes turns: each campaign's applicants are the next members it is open to.
    for (let looked = 0; testers.length < testerCount || waiting < waitlist; looked++) {
      if (looked === community.length) throw new Error(`Too few community members can take part in ${seed.slug}`)
      const member = community[next++ % community.length]!
      const when = at(applied, looked * 0.02)
      const [eligibility] = await campaignEligibility(deps.db, member, when, campaignId)
      if (!eligibility?.eligible) continue
      const p = await apply(deps, member, campaignId, seed.screener, when, looked)
      if (p.status === 'waitlisted') waiting++
      else if (testers.length < testerCount) testers.push({ member, participationId: p.id })
      else throw new Error(`${seed.slug}: its waitlist starts only when its quota (${seed.quota}) is full`)
    }
    if (seed.phase === 'testing' || seed.phase === 'completed') {
      for (const [i, { participationId }] of testers.entries()) {
        const opsAt = { ...deps, clock: fixedClock(at(now, testing - 3 + (i % 3) * 0.2)) }
        await ship(opsAt, participationId, CARRIERS[i % CARRIERS.length]!, `TC${String(100000 + i * 7919).slice(0, 6)}${seed.slug.length}`, seedActor())
        if (seed.phase === 'completed' || i % 2 === 0) {
          await deliver({ ...deps, clock: fixedClock(at(now, testing + (i % 3) * 0.3)) }, participationId, seedActor())
        }
      }
    }
    for (const [i, review] of (seed.reviews ?? []).entries()) {
      const tester = testers[i]
      if (!tester) continue
      const [rating, title, body] = review
      const writtenAt = at(now, testing + 10 + i)
      await finishTasks(deps, tester.member, tester.participationId, seed.tasks, at(writtenAt, -2))
      await writeApprovedReview(deps, tester.member, tester.participationId, { rating, title, body }, writtenAt)
    }
  }
}

/** The tester writes their review and a moderator publishes it the next day. */
async function writeApprovedReview(
  deps: SuiteDeps,
  author: MemberRow,
  participationId: string,
  review: { rating: number; title: string; body: string },
  writtenAt: Date,
) {
  const written = await submitReview({ ...deps, clock: fixedClock(writtenAt) }, author, { participationId, ...review, photos: [] })
  await approveReview({ ...deps, clock: fixedClock(at(writtenAt, 1)) }, written.id, seedActor())
}

/** A tester who did everything the campaign asks besides the review (which the operator approves). */
async function finishTasks(deps: SuiteDeps, author: MemberRow, participationId: string, tasks: TasksInput, when: Date) {
  const clock = { ...deps, clock: fixedClock(when) }
  if (tasks.questionnaire) await acknowledge(clock, author, participationId, 'questionnaire')
  if (tasks.social) {
    const post = await submitSocialPost(clock, author, {
      participationId,
      platform: 'instagram',
      url: `https://www.instagram.com/p/tc${participationId.slice(0, 8)}`,
    })
    await reportImpressions({ ...deps, clock: fixedClock(at(when, 1)) }, author, { postId: post.id, reach: 1200, likes: 86, comments: 7, shares: 3 })
  }
}

/**
 * The member applies on the day given, answering the screener as one who passes it; a curated
 * campaign's applicant is then chosen by staff the same day. Resolves to the participation's id and
 * the status the sign-up left it in (selected, or waitlisted when the flight was full).
 */
async function apply(
  deps: SuiteDeps,
  member: MemberRow,
  campaignId: string,
  screener: ScreenerQuestion[],
  when: Date,
  n: number,
  answers = passingAnswers(screener, n),
) {
  const onDay = { ...deps, clock: fixedClock(when) }
  const { participation } = await processSignup(onDay, member, { campaignId, answers })
  if (participation.status === 'applied') {
    await selectParticipation({ ...deps, clock: fixedClock(at(when, 0.1)) }, participation.id, seedActor())
    return { id: participation.id, status: 'selected' as const }
  }
  if (participation.status !== 'selected' && participation.status !== 'waitlisted') {
    throw new Error(`${member.email} could not apply to a seeded campaign: ${participation.status}`)
  }
  return { id: participation.id, status: participation.status }
}

/**
 * Local mode's demo member, Sam, as someone who has used the product for five months: registered,
 * profile and address saved, Instagram connected; a completed test with a published review, a
 * parcel delivered and one on its way, a place on a full campaign's waitlist; two friends who
 * joined with Sam's referral code (one finished a test, so the referral counted); and a prize from
 * support. Each made through the services the portal and the console call, on the day it happened.
 */
async function seedDemoMember(deps: SuiteDeps): Promise<SeedResult['demo']> {
  const now = deps.clock.now()
  const onDay = (date: Date) => ({ ...deps, clock: fixedClock(date) })
  const uid = await deps.identity.ensureUser({
    email: DEMO_MEMBER.email,
    password: DEMO_MEMBER.password,
    displayName: `${DEMO_MEMBER.firstName} ${DEMO_MEMBER.lastName}`,
  })
  const [found] = await deps.db
    .select()
    .from(members)
    .where(or(eq(members.uid, uid), eq(members.email, DEMO_MEMBER.email)))
  if (found) {
    // The identity emulator may have lost its users while the database kept the member.
    if (found.uid !== uid) await deps.db.update(members).set({ uid }).where(eq(members.id, found.id))
    return 'present'
  }
  const joined = at(now, -150)
  const identity = {
    uid,
    email: DEMO_MEMBER.email,
    emailVerified: true,
    phoneVerified: false,
    name: DEMO_MEMBER.displayName,
    signInProvider: 'password',
    authTime: joined,
  }
  const first = await memberForIdentity(onDay(joined), identity)
  const { member: registered } = await completeRegistration(
    onDay(joined),
    first,
    v.parse(CreateMemberBodySchema, {
      firstName: DEMO_MEMBER.firstName,
      lastName: DEMO_MEMBER.lastName,
      displayName: DEMO_MEMBER.displayName,
      birthDate: DEMO_MEMBER.birthDate,
    }),
  )
  await updateProfile(
    onDay(at(joined, 0.01)),
    registered,
    v.parse(UpdateProfileBodySchema, { languages: ['en', 'es'], preferences: { interests: ['kitchen', 'outdoors', 'tech'], children: 0, pets: ['dog'] } }),
  )
  await saveMemberAddress(onDay(at(joined, 0.02)), registered.id, v.parse(AddressInputSchema, { ...DEMO_MEMBER.address, region: '' }))
  await saveMemberSocialProfile(
    onDay(at(now, -100)),
    registered.id,
    v.parse(SocialProfileInputSchema, {
      platform: 'instagram',
      handle: 'sam.tests.things',
      url: 'https://www.instagram.com/sam.tests.things',
      followers: 1840,
    }),
  )
  const member = async () => {
    const [row] = await deps.db.select().from(members).where(eq(members.id, registered.id))
    if (!row) throw new Error('Demo member not written')
    return row
  }

  const bySlug = async (slug: string) => {
    const [row] = await deps.db
      .select({
        campaignId: campaigns.id,
        flightId: flights.id,
        tasks: campaigns.tasks,
        screener: campaigns.screener,
        testingStartsAt: flights.testingStartsAt,
        signupOpensAt: flights.signupOpensAt,
      })
      .from(campaigns)
      .innerJoin(flights, eq(flights.campaignId, campaigns.id))
      .where(eq(campaigns.slug, slug))
    if (!row) throw new Error(`Seed campaign ${slug} is missing`)
    return row
  }
  const selected = async (p: { id: string; status: string }, slug: string) => {
    if (p.status !== 'selected') throw new Error(`The demo member was not selected for ${slug} (${p.status})`)
    return p.id
  }

  // Completed test with a published review.
  const skillet = await bySlug('ember-oak-cast-iron-skillet')
  const skilletP = await selected(await apply(deps, await member(), skillet.campaignId, skillet.screener, at(skillet.signupOpensAt, 2), 0), 'skillet')
  await ship(onDay(at(skillet.testingStartsAt, -2)), skilletP, 'Royal Mail', 'RM482913GB', seedActor())
  await deliver(onDay(at(skillet.testingStartsAt, 0)), skilletP, seedActor())
  await finishTasks(deps, await member(), skilletP, skillet.tasks, at(skillet.testingStartsAt, 10))
  await writeApprovedReview(
    deps,
    await member(),
    skilletP,
    {
      rating: 5,
      title: 'My new Sunday pancake pan',
      body: 'Heavy, yes, but the even heat makes perfect pancakes from the first one on. The pre-seasoning held up through a month of daily use and it cleans up in a minute.',
    },
    at(skillet.testingStartsAt, 20),
  )

  // A delivered product waiting for its review (the questionnaire answered), and one on its way.
  const daypack = await bySlug('northwild-trailmate-daypack')
  const daypackP = await selected(await apply(deps, await member(), daypack.campaignId, daypack.screener, at(daypack.signupOpensAt, 3), 1), 'daypack')
  await ship(onDay(at(now, -6)), daypackP, 'DHL', 'JD014600003812345678', seedActor())
  await deliver(onDay(at(now, -3)), daypackP, seedActor())
  if (daypack.tasks.questionnaire) await acknowledge(onDay(at(now, -2)), await member(), daypackP, 'questionnaire')

  const brush = await bySlug('evergreen-bamboo-toothbrush')
  const brushP = await selected(await apply(deps, await member(), brush.campaignId, brush.screener, at(brush.signupOpensAt, 1), 2), 'toothbrush')
  await ship(onDay(at(now, -1)), brushP, 'DPD', '15501234567890', seedActor())

  // On the waitlist of the full campaign.
  const mist = await bySlug('hushhour-pillow-mist')
  const onList = await apply(deps, await member(), mist.campaignId, mist.screener, at(now, -1), 0, [{ questionId: 'sleep', answer: 'Restless' }])
  if (onList.status !== 'waitlisted') throw new Error(`The demo member should wait for a place on the full ${mist.campaignId}`)

  // A friend who joined with Sam's code, took part in a completed test and reviewed it: the referral counts when the test is done.
  const salmon = await bySlug('good-boy-salmon-bites')
  const friend = await joinAsMember(deps, DEMO_FRIENDS.finished, at(salmon.signupOpensAt, -10), {
    referralCode: registered.referralCode,
    instagramFollowers: 640,
  })
  const friendP = await selected(await apply(deps, friend, salmon.campaignId, salmon.screener, at(salmon.signupOpensAt, 4), 3), 'the friend')
  await ship(onDay(at(salmon.testingStartsAt, -1)), friendP, 'UPS', '1Z999AA10123456784', seedActor())
  await deliver(onDay(at(salmon.testingStartsAt, 1)), friendP, seedActor())
  await finishTasks(deps, friend, friendP, salmon.tasks, at(salmon.testingStartsAt, 12))
  await writeApprovedReview(
    deps,
    friend,
    friendP,
    {
      rating: 4,
      title: 'Our spaniel sits for these on the first ask',
      body: 'Small enough to break in two for training, and they do not crumble in a pocket. They smell of fish, so keep them in the bag, but my dog has never been this keen to come back when called.',
    },
    at(salmon.testingStartsAt, 16),
  )
  // A second friend who joined a few days ago and has not finished a test yet.
  await joinAsMember(deps, DEMO_FRIENDS.recent, at(now, -4), { referralCode: registered.referralCode })

  // Support's prize for the month's most helpful review, as staff grant goodwill points.
  await grantGoodwill(onDay(at(now, -30)), seedActor(), registered.id, 300, "Prize: the month's most helpful review", 'seed-demo-member-prize')
  const [balance] = await deps.db.select({ id: ledgerEntries.id }).from(ledgerEntries).where(eq(ledgerEntries.memberId, registered.id))
  if (!balance) throw new Error('Demo ledger not written')
  return 'created'
}
