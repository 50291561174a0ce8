// Product categories in the console; the member API checks the categories:edit capability (admins).
import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { CategoryCreateBodySchema, CategoryRenameBodySchema } from '#contract/categories'
import { CategorySchema } from '#contract/common'
import { ENDPOINTS } from '#contract/endpoints'
import { memberMiddleware } from '~/auth/member.middleware'
import { browserAddress, browserUserAgent } from '~/upstream/browser-address.server'
import { callEndpoint } from '~/upstream/suite-client.server'

/** GET ops/v1/categories */
export const getCategoriesFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.opsCategories, { member: context.member }))

/** POST ops/v1/categories: a new category. */
export const createCategoryFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(CategoryCreateBodySchema)
  .handler(async ({ context, data }) =>
    callEndpoint(ENDPOINTS.opsCreateCategory, { member: context.member, body: data, clientIp: await browserAddress(), userAgent: await browserUserAgent() }),
  )

/** PUT ops/v1/categories/:slug: a new name (the slug stays). */
export const renameCategoryFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ slug: CategorySchema, category: CategoryRenameBodySchema }))
  .handler(async ({ context, data }) =>
    callEndpoint(ENDPOINTS.opsRenameCategory, {
      member: context.member,
      params: { slug: data.slug },
      body: data.category,
      clientIp: await browserAddress(),
      userAgent: await browserUserAgent(),
    }),
  )
