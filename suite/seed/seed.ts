// Demo data for local mode: seeded on first start, idempotent on every later start.
// State changes go through the same operator services as the ops CLI.
import * as v from 'valibot'
import { ProductInputSchema } from '../../contract/authoring'
import { eq, or, sql } from 'drizzle-orm'
import { brands, brandUsers, campaigns, flights, ledgerEntries, members, participations, secondFactors, socialProfiles, staffRoles } from '../db/schema'
import { enrolKnownAuthenticator } from '../services/second-factor'
import type { Executor } from '../db/client'
import type { Clock, SuiteDeps } from '../deps'
import { DEFAULT_NOTIFICATION_SETTINGS, newReferralCode } from '../services/members'
import { credit } from '../services/ledger'
import { syncMissions } from '../services/missions'
import { saveAddress } from '../services/address'
import { reportImpressions, submitReview, submitSocialPost } from '../services/content'
import { acknowledge } from '../services/participations'
import { approveReview, deliver, selectParticipation, ship } from '../services/operations'
import type { TasksInput } from '../../contract/campaigns'
import { CAMPAIGNS, COMMUNITY, DEMO_BRAND_VIEWER, DEMO_MEMBER, DEMO_STAFF, type SeedCampaign, type SeedPhase } from './catalogue'
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

/** The demo staff account holds every role (kept if present; roles revoked since are given back). */
async function seedDemoStaff(deps: SuiteDeps): Promise<string> {
  const uid = await deps.identity.ensureUser({ email: DEMO_STAFF.email, password: DEMO_STAFF.password, displayName: DEMO_STAFF.displayName })
  await deps.db
    .insert(staffRoles)
    .values(ROLES.map((role) => ({ uid, role, email: DEMO_STAFF.email, name: DEMO_STAFF.displayName, grantedAt: deps.clock.now(), grantedBy: 'seed' })))
    .onConflictDoNothing()
  await ensureDemoAuthenticator(deps, uid, DEMO_STAFF.authenticatorKey)
  return DEMO_STAFF.email
}

/** A demo account holds an authenticator with its published setup key (local mode only seeds). */
async function ensureDemoAuthenticator(deps: SuiteDeps, uid: string, key: string): Promise<void> {
  const [held] = await deps.db.select({ id: secondFactors.id }).from(secondFactors).where(eq(secondFactors.uid, uid)).limit(1)
  if (!held) await enrolKnownAuthenticator(deps, uid, key, 'Demo authenticator')
}

async function seedDemoBrandViewer(deps: SuiteDeps): Promise<void> {
  const { email, password, displayName, brand } = DEMO_BRAND_VIEWER
  const uid = await deps.identity.ensureUser({ email, password, displayName })
  const [owner] = await deps.db
    .select({ id: brands.id })
    .from(brands)
    .where(sql`lower(${brands.name}) = lower(${brand})`)
  if (!owner) throw new Error(`The demo brand ${brand} is not in the catalogue`)
  await deps.db
    .insert(brandUsers)
    .values({ uid, brandId: owner.id, email, name: displayName, joinedAt: deps.clock.now(), invitedBy: 'seed' })
    .onConflictDoNothing()
  await ensureDemoAuthenticator(deps, uid, DEMO_BRAND_VIEWER.authenticatorKey)
}

async function insertCommunity(ex: Executor, now: Date) {
  const rows = []
  for (const [i, [firstName, lastName]] of COMMUNITY.entries()) {
    const [row] = await ex
      .insert(members)
      .values({
        uid: `seed-community-${i + 1}`,
        email: null,
        emailVerified: true,
        firstName,
        lastName,
        displayName: `${firstName} ${lastName.charAt(0)}.`,
        languages: ['en'],
        notificationSettings: DEFAULT_NOTIFICATION_SETTINGS,
        referralCode: newReferralCode(),
        createdAt: at(now, -200 + i),
        registeredAt: at(now, -200 + i),
        updatedAt: at(now, -200 + i),
      })
      .returning()
    if (row) rows.push(row)
  }
  return rows
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

async function seedCatalogue(deps: SuiteDeps) {
  const now = deps.clock.now()
  const community = await insertCommunity(deps.db, now)
  const list: { seed: SeedCampaign; campaignId: string; flightId: string }[] = []
  for (const seed of CAMPAIGNS) list.push({ seed, ...(await authorCampaign(deps, seed, now)) })

  let next = 0
  const nextMember = () => community[next++ % community.length]!
  for (const { seed, campaignId, flightId } of list) {
    const [opens, , testing] = PHASE_DAYS[seed.phase]
    const applied = at(now, opens + 1)
    const testers: string[] = []
    const testerCount = seed.reviews?.length ?? seed.selected ?? (seed.phase === 'testing' ? 8 : 0)
    for (let i = 0; i < testerCount; i++) {
      testers.push(await applyAndSelect(deps, nextMember().id, campaignId, flightId, applied))
    }
    for (let i = 0; i < (seed.waitlisted ?? 0); i++) {
      await deps.db.insert(participations).values({
        memberId: nextMember().id,
        campaignId,
        flightId,
        status: 'waitlisted',
        appliedAt: at(applied, 0.1 + i * 0.1),
        updatedAt: at(applied, 0.1 + i * 0.1),
      })
    }
    if (seed.phase === 'testing' || seed.phase === 'completed') {
      for (const [i, participationId] of testers.entries()) {
        const opsAt = { ...deps, clock: fixedClock(at(now, testing - 3 + (i % 3) * 0.2)) }
        await ship(opsAt, participationId, CARRIERS[i % CARRIERS.length]!, `TC${String(100000 + i * 7919).slice(0, 6)}${seed.slug.length}`, seedActor())
        if (seed.phase === 'completed' || i % 2 === 0) {
          await deliver({ ...deps, clock: fixedClock(at(now, testing + (i % 3) * 0.3)) }, participationId, seedActor())
        }
      }
    }
    for (const [i, review] of (seed.reviews ?? []).entries()) {
      const participationId = testers[i]
      if (!participationId) continue
      const [rating, title, body] = review
      const [p] = await deps.db.select().from(participations).where(eq(participations.id, participationId))
      const [author] = p ? await deps.db.select().from(members).where(eq(members.id, p.memberId)) : []
      if (!author) continue
      const writtenAt = at(now, testing + 10 + i)
      await finishTasks(deps, author, participationId, seed.tasks, at(writtenAt, -2))
      const review_ = await submitReview({ ...deps, clock: fixedClock(writtenAt) }, author, { participationId, rating, title, body, photos: [] })
      await approveReview({ ...deps, clock: fixedClock(at(writtenAt, 1)) }, review_.id, seedActor())
    }
  }
}

/** A tester who did everything the campaign asks besides the review (which the operator approves). */
async function finishTasks(deps: SuiteDeps, author: typeof members.$inferSelect, participationId: string, tasks: TasksInput, when: Date) {
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

async function applyAndSelect(deps: SuiteDeps, memberId: string, campaignId: string, flightId: string, appliedAt: Date): Promise<string> {
  const [p] = await deps.db
    .insert(participations)
    .values({ memberId, campaignId, flightId, status: 'applied', appliedAt, updatedAt: appliedAt })
    .returning({ id: participations.id })
  if (!p) throw new Error('Participation not written')
  await selectParticipation({ ...deps, clock: fixedClock(appliedAt) }, p.id, seedActor())
  return p.id
}

async function seedDemoMember(deps: SuiteDeps): Promise<SeedResult['demo']> {
  const now = deps.clock.now()
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
  const [member] = await deps.db
    .insert(members)
    .values({
      uid,
      email: DEMO_MEMBER.email,
      emailVerified: true,
      firstName: DEMO_MEMBER.firstName,
      lastName: DEMO_MEMBER.lastName,
      displayName: DEMO_MEMBER.displayName,
      birthDate: DEMO_MEMBER.birthDate,
      languages: ['en', 'es'],
      preferences: { interests: ['kitchen', 'outdoors', 'tech'], children: 0, pets: ['dog'] },
      notificationSettings: DEFAULT_NOTIFICATION_SETTINGS,
      referralCode: 'SAMTESTS',
      createdAt: at(now, -150),
      registeredAt: at(now, -150),
      updatedAt: at(now, -1),
    })
    .returning()
  if (!member) throw new Error('Demo member not written')
  await saveAddress(deps.db, member.id, { ...DEMO_MEMBER.address, line2: DEMO_MEMBER.address.line2, region: '' }, at(now, -150))
  await deps.db.insert(socialProfiles).values({
    memberId: member.id,
    platform: 'instagram',
    handle: 'sam.tests.things',
    url: 'https://www.instagram.com/sam.tests.things',
    followers: 1840,
    updatedAt: at(now, -100),
  })

  const bySlug = async (slug: string) => {
    const [row] = await deps.db
      .select({
        campaignId: campaigns.id,
        flightId: flights.id,
        tasks: campaigns.tasks,
        testingStartsAt: flights.testingStartsAt,
        signupOpensAt: flights.signupOpensAt,
      })
      .from(campaigns)
      .innerJoin(flights, eq(flights.campaignId, campaigns.id))
      .where(eq(campaigns.slug, slug))
    if (!row) throw new Error(`Seed campaign ${slug} is missing`)
    return row
  }

  // Completed test with a published review.
  const skillet = await bySlug('ember-oak-cast-iron-skillet')
  const skilletP = await applyAndSelect(deps, member.id, skillet.campaignId, skillet.flightId, at(skillet.signupOpensAt, 2))
  await ship({ ...deps, clock: fixedClock(at(skillet.testingStartsAt, -2)) }, skilletP, 'Royal Mail', 'RM482913GB', seedActor())
  await deliver({ ...deps, clock: fixedClock(at(skillet.testingStartsAt, 0)) }, skilletP, seedActor())
  await finishTasks(deps, member, skilletP, skillet.tasks, at(skillet.testingStartsAt, 10))
  const review = await submitReview({ ...deps, clock: fixedClock(at(skillet.testingStartsAt, 20)) }, member, {
    participationId: skilletP,
    rating: 5,
    title: 'My new Sunday pancake pan',
    body: 'Heavy, yes, but the even heat makes perfect pancakes from the first one on. The pre-seasoning held up through a month of daily use and it cleans up in a minute.',
    photos: [],
  })
  await approveReview({ ...deps, clock: fixedClock(at(skillet.testingStartsAt, 21)) }, review.id, seedActor())

  // A delivered product waiting for its review, and one on its way.
  const daypack = await bySlug('northwild-trailmate-daypack')
  const daypackP = await applyAndSelect(deps, member.id, daypack.campaignId, daypack.flightId, at(daypack.signupOpensAt, 3))
  await ship({ ...deps, clock: fixedClock(at(now, -6)) }, daypackP, 'DHL', 'JD014600003812345678', seedActor())
  await deliver({ ...deps, clock: fixedClock(at(now, -3)) }, daypackP, seedActor())
  await deps.db
    .update(participations)
    .set({ questionnaireAckedAt: at(now, -2) })
    .where(eq(participations.id, daypackP))

  const brush = await bySlug('evergreen-bamboo-toothbrush')
  const brushP = await applyAndSelect(deps, member.id, brush.campaignId, brush.flightId, at(brush.signupOpensAt, 1))
  await ship({ ...deps, clock: fixedClock(at(now, -1)) }, brushP, 'DPD', '15501234567890', seedActor())

  // On the waitlist of the full campaign.
  const mist = await bySlug('hushhour-pillow-mist')
  await deps.db.insert(participations).values({
    memberId: member.id,
    campaignId: mist.campaignId,
    flightId: mist.flightId,
    status: 'waitlisted',
    answers: [{ questionId: 'sleep', answer: 'Restless' }],
    appliedAt: at(now, -1),
    updatedAt: at(now, -1),
  })

  // A friend who joined with Sam's code and finished a test.
  const [friend] = await deps.db.select().from(members).where(eq(members.uid, 'seed-community-1'))
  if (friend) {
    await deps.db
      .update(members)
      .set({ referredById: member.id, referralAcceptedAt: at(now, -40) })
      .where(eq(members.id, friend.id))
  }
  // A second friend who joined recently and has not finished a test yet.
  await deps.db.insert(members).values({
    uid: 'seed-community-referred',
    emailVerified: true,
    firstName: 'Nora',
    lastName: 'Vidal',
    displayName: 'Nora V.',
    languages: ['en'],
    notificationSettings: DEFAULT_NOTIFICATION_SETTINGS,
    referralCode: newReferralCode(),
    referredById: member.id,
    createdAt: at(now, -4),
    registeredAt: at(now, -4),
    updatedAt: at(now, -4),
  })

  await credit(deps.db, member.id, { points: 300, reason: 'Welcome bonus', key: 'welcome-bonus' }, at(now, -150))
  await syncMissions(deps.db, member.id, now)
  const [balance] = await deps.db.select({ id: ledgerEntries.id }).from(ledgerEntries).where(eq(ledgerEntries.memberId, member.id))
  if (!balance) throw new Error('Demo ledger not written')
  return 'created'
}
