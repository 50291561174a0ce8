// Product categories are data: the admin adds and renames them (audited), every page names them
// from the list, and each place that takes a category refuses an unknown one by field, writing nothing.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OpsProductSchema } from '../../contract/authoring'
import { CampaignDetailSchema, CampaignPageSchema, CategoriesResultSchema } from '../../contract/campaigns'
import { OpsCategoryListSchema, OpsCategorySchema, slugFromName } from '../../contract/categories'
import { ENDPOINTS } from '../../contract/endpoints'
import { MemberSchema } from '../../contract/members'
import { fillPath, MEMBERS_PATH, PUBLIC_CAMPAIGN_PATH, PUBLIC_CAMPAIGNS_PATH, PUBLIC_CATEGORIES_PATH, UPDATE_PROFILE_PATH } from '../../contract/paths'
import { auditLog, categories, products } from '../db/schema'
import { unknownCategories } from '../services/categories'
import { createCampaign, type CampaignFixture } from '../test/fixtures'
import { call, createHarness, expectError, expectOk, type Harness } from '../test/harness'
import { createTestMember, type TestMember } from '../test/members'
import { createTestStaff } from '../test/staff'

let h: Harness
let admin: TestMember
let manager: TestMember
let campaign: CampaignFixture

beforeAll(async () => {
  h = await createHarness()
  ;[admin, manager] = await Promise.all([
    createTestStaff(h.deps.db, ['admin'], { displayName: 'Ada Admin' }),
    createTestStaff(h.deps.db, ['campaign-manager'], { displayName: 'Cam Manager' }),
  ])
  campaign = await createCampaign(h.deps.db, h.clock.now())
})
afterAll(() => h?.close())

const publicList = async () => expectOk(await call(h.app, 'GET', PUBLIC_CATEGORIES_PATH), CategoriesResultSchema).categories
const create = (body: unknown, token = admin.bearer) => call(h.app, 'POST', ENDPOINTS.opsCreateCategory.path, { token, body })
const rename = (slug: string, name: string, token = admin.bearer) =>
  call(h.app, 'PUT', fillPath(ENDPOINTS.opsRenameCategory.path, { slug }), { token, body: { name } })
const auditOf = (slug: string) =>
  h.deps.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.targetType} = 'category' and ${auditLog.targetId} = ${slug}`)
    .orderBy(auditLog.at)

describe('slugFromName', () => {
  it.each([
    ['Garden & Patio', 'garden-and-patio'],
    ['  Crème brûlée!  ', 'creme-brulee'],
    ['Toys, games -- and puzzles', 'toys-games-and-puzzles'],
    ['家居', ''],
    ['A very long category name that goes on and on and on', 'a-very-long-category-name-that-goes-on'],
    ['Supercalifragilisticexpialidocious-kitchenware', 'supercalifragilisticexpialidocious'],
    ['Supercalifragilisticexpialidociouskitchenware', 'supercalifragilisticexpialidociouskitche'],
  ])('%s → %s', (name, slug) => {
    expect(slugFromName(name)).toBe(slug)
  })
})

describe('the public list', () => {
  it('names every category, those without a published campaign too, with their published campaigns', async () => {
    const list = await publicList()
    expect(list.map((c) => c.slug)).toEqual(expect.arrayContaining(['beauty', 'food-drink', 'kitchen', 'outdoors']))
    expect(list.find((c) => c.slug === 'food-drink')?.name).toBe('Food and drink')
    expect(list.find((c) => c.slug === 'kitchen')?.campaigns).toBe(1)
    expect(list.find((c) => c.slug === 'baby')?.campaigns).toBe(0)
    // By name, as a list of choices reads.
    expect(list.map((c) => c.name)).toEqual([...list.map((c) => c.name)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())))
  })

  it('gives each campaign its category name', async () => {
    const page = expectOk(await call(h.app, 'GET', PUBLIC_CAMPAIGNS_PATH, { query: { category: 'kitchen' } }), CampaignPageSchema)
    expect(page.items.map((c) => [c.category, c.categoryName])).toEqual([['kitchen', 'Kitchen']])
  })
})

describe('the admin adds and renames categories', () => {
  it('adds one with the slug its name makes, lists it everywhere, audited', async () => {
    const created = expectOk(await create({ name: '  Garden & Patio ' }), OpsCategorySchema, 201)
    expect(created).toMatchObject({ slug: 'garden-and-patio', name: 'Garden & Patio', products: 0, campaigns: 0 })
    const ops = expectOk(await call(h.app, 'GET', ENDPOINTS.opsCategories.path, { token: admin.bearer }), OpsCategoryListSchema)
    expect(ops.items.find((c) => c.slug === 'kitchen')).toMatchObject({ name: 'Kitchen', products: 1, campaigns: 1 })
    expect(ops.items.some((c) => c.slug === 'garden-and-patio')).toBe(true)
    expect((await publicList()).find((c) => c.slug === 'garden-and-patio')).toEqual({ slug: 'garden-and-patio', name: 'Garden & Patio', campaigns: 0 })

    const [entry] = await auditOf('garden-and-patio')
    expect(entry).toMatchObject({
      action: 'category.create',
      actorUid: admin.uid,
      changes: { before: null, after: { slug: 'garden-and-patio', name: 'Garden & Patio' } },
    })
  })

  it('takes the slug the admin chose', async () => {
    expect(expectOk(await create({ name: 'Board games', slug: 'games' }), OpsCategorySchema, 201)).toMatchObject({ slug: 'games', name: 'Board games' })
  })

  it('refuses a slug or a name already taken (names whatever their case), and a bad slug or name, by field, writing nothing', async () => {
    const before = await h.deps.db.select().from(categories)
    const taken = expectError(await create({ name: 'KITCHEN', slug: 'kitchen' }), 'BAD_REQUEST', 400)
    expect(Object.keys(taken.fields ?? {}).sort()).toEqual(['name', 'slug'])
    expect(taken.fields?.slug?.[0]).toContain('Kitchen')
    // The slug the name makes is taken too.
    expect(Object.keys(expectError(await create({ name: 'Food-drink' }), 'BAD_REQUEST', 400).fields ?? {})).toEqual(['slug'])
    expect(Object.keys(expectError(await create({ name: 'Kitchen gadgets', slug: 'Kitchen Gadgets' }), 'BAD_REQUEST', 400).fields ?? {})).toEqual(['slug'])
    expect(Object.keys(expectError(await create({ name: ' x ' }), 'BAD_REQUEST', 400).fields ?? {})).toEqual(['name'])
    // A name of no latin letter makes no slug: the admin chooses one.
    expect(Object.keys(expectError(await create({ name: '家居' }), 'BAD_REQUEST', 400).fields ?? {})).toEqual(['slug'])
    expect(expectOk(await create({ name: '家居', slug: 'jiaju' }), OpsCategorySchema, 201).slug).toBe('jiaju')
    expectError(await create({ name: 'Cars', extra: true }), 'BAD_REQUEST', 400)
    expect(Object.keys(expectError(await create({ name: 'Two\nlines' }), 'BAD_REQUEST', 400).fields ?? {})).toEqual(['name'])
    expect(Object.keys(expectError(await create({ name: 'Nul\u0000name' }), 'BAD_REQUEST', 400).fields ?? {})).toEqual(['name'])
    expect((await h.deps.db.select().from(categories)).length).toBe(before.length + 1)
  })

  it('renames one: its slug stays, the pages show the new name, audited; the same name again changes nothing', async () => {
    const renamed = expectOk(await rename('kitchen', 'Kitchen and dining'), OpsCategorySchema)
    expect(renamed).toMatchObject({ slug: 'kitchen', name: 'Kitchen and dining', products: 1, campaigns: 1 })
    expect((await publicList()).find((c) => c.slug === 'kitchen')?.name).toBe('Kitchen and dining')
    const detail = expectOk(await call(h.app, 'GET', fillPath(PUBLIC_CAMPAIGN_PATH, { idOrSlug: campaign.slug })), CampaignDetailSchema)
    expect(detail).toMatchObject({ category: 'kitchen', categoryName: 'Kitchen and dining' })

    expectOk(await rename('kitchen', 'Kitchen and dining'), OpsCategorySchema)
    const entries = await auditOf('kitchen')
    expect(entries.map((e) => [e.action, e.changes])).toEqual([['category.rename', { before: { name: 'Kitchen' }, after: { name: 'Kitchen and dining' } }]])
  })

  it('refuses a name another category has, and answers 404 for a category that does not exist', async () => {
    expect(Object.keys(expectError(await rename('kitchen', 'food and drink'), 'BAD_REQUEST', 400).fields ?? {})).toEqual(['name'])
    expectError(await rename('cars', 'Cars'), 'NOT_FOUND', 404)
    expectError(await rename('Not A Slug', 'Cars'), 'NOT_FOUND', 404)
    expectError(await rename('kitchen', ''), 'BAD_REQUEST', 400)
  })

  it('is the admin’s alone', async () => {
    expectError(await create({ name: 'Cars' }, manager.bearer), 'FORBIDDEN', 403)
    expectError(await rename('kitchen', 'Cooking', manager.bearer), 'FORBIDDEN', 403)
  })
})

describe('every place that takes a category refuses an unknown one', () => {
  const kettle = { brand: 'Kettle & Kiln', name: 'Tea kettle', description: 'A whistling kettle of enamelled steel.', retailValueCents: 3999, currency: 'EUR' }

  it('tells which slugs are unknown', async () => {
    expect(await unknownCategories(h.deps.db, [])).toEqual([])
    expect(await unknownCategories(h.deps.db, ['kitchen', 'cars', 'pets', 'cars', 'boats'])).toEqual(['cars', 'boats'])
  })

  it('a product: created or edited, field category, nothing written; a category just added is taken', async () => {
    const count = async () => Number((await h.deps.db.select({ n: sql<number>`count(*)` }).from(products))[0]!.n)
    const before = await count()
    const refused = expectError(
      await call(h.app, 'POST', ENDPOINTS.opsCreateProduct.path, { token: manager.bearer, body: { ...kettle, category: 'cars' } }),
      'BAD_REQUEST',
      400,
    )
    expect(refused.fields).toEqual({ category: ['no such category: cars'] })
    expect(await count()).toBe(before)

    const product = expectOk(
      await call(h.app, 'POST', ENDPOINTS.opsCreateProduct.path, { token: manager.bearer, body: { ...kettle, category: 'garden-and-patio' } }),
      OpsProductSchema,
      201,
    )
    const path = fillPath(ENDPOINTS.opsUpdateProduct.path, { id: product.id })
    const edit = { ...kettle, name: 'Garden kettle', category: 'boats', editedVersion: product.updatedAt }
    expect(Object.keys(expectError(await call(h.app, 'PUT', path, { token: manager.bearer, body: edit }), 'BAD_REQUEST', 400).fields ?? {})).toEqual([
      'category',
    ])
    const [stored] = await h.deps.db.select().from(products).where(eq(products.id, product.id))
    expect(stored).toMatchObject({ name: 'Tea kettle', category: 'garden-and-patio' })
    expect(expectOk(await call(h.app, 'PUT', path, { token: manager.bearer, body: { ...edit, category: 'kitchen' } }), OpsProductSchema).category).toBe(
      'kitchen',
    )
  })

  it('a member’s interests: field preferences.interests, nothing of the profile changed', async () => {
    const member = await createTestMember()
    expectOk(await call(h.app, 'POST', MEMBERS_PATH, { token: member.bearer, body: { firstName: 'Ida', lastName: 'Interest' } }), MemberSchema, 201)
    const refused = expectError(
      await call(h.app, 'PATCH', UPDATE_PROFILE_PATH, {
        token: member.bearer,
        body: { firstName: 'Changed', preferences: { interests: ['kitchen', 'cars'], children: 1, pets: [] } },
      }),
      'BAD_REQUEST',
      400,
    )
    expect(refused.fields).toEqual({ 'preferences.interests': ['no such category: cars'] })
    const unchanged = expectOk(await call(h.app, 'GET', MEMBERS_PATH, { token: member.bearer }), MemberSchema)
    expect(unchanged).toMatchObject({ firstName: 'Ida', preferences: { interests: [], children: 0 } })

    const saved = expectOk(
      await call(h.app, 'PATCH', UPDATE_PROFILE_PATH, {
        token: member.bearer,
        body: { preferences: { interests: ['kitchen', 'games'], children: 1, pets: [] } },
      }),
      MemberSchema,
    )
    expect(saved.preferences.interests).toEqual(['kitchen', 'games'])
  })
})
