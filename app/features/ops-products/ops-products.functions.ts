// Products in the console; the member API checks the campaigns:edit capability.
import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { Uuid } from '#contract/common'
import { ProductInputSchema, ProductUpdateBodySchema } from '#contract/authoring'
import { ENDPOINTS } from '#contract/endpoints'
import { memberMiddleware } from '~/auth/member.middleware'
import { browserAddress, browserUserAgent } from '~/upstream/browser-address.server'
import { callEndpoint } from '~/upstream/suite-client.server'

/** GET ops/v1/products */
export const getProductsFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.opsProducts, { member: context.member }))

/** POST ops/v1/products: a new product (images come next). */
export const createProductFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(ProductInputSchema)
  .handler(async ({ context, data }) =>
    callEndpoint(ENDPOINTS.opsCreateProduct, { member: context.member, body: data, clientIp: await browserAddress(), userAgent: await browserUserAgent() }),
  )

/** PUT ops/v1/products/:id: an edit of the version it was made on. */
export const updateProductFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ productId: Uuid, product: ProductUpdateBodySchema }))
  .handler(async ({ context, data }) =>
    callEndpoint(ENDPOINTS.opsUpdateProduct, {
      member: context.member,
      params: { id: data.productId },
      body: data.product,
      clientIp: await browserAddress(),
      userAgent: await browserUserAgent(),
    }),
  )
