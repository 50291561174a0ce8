// A product's images in the console; the member API checks the campaigns:edit capability. Every
// call is silent: the images section words each refusal beside the file or the image.
import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { Uuid } from '#contract/common'
import { ENDPOINTS } from '#contract/endpoints'
import {
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_REFUSED,
  ProductImageAltSchema,
  ProductImageMoveBodySchema,
  type OpsProductImages,
} from '#contract/product-images'
import { memberMiddleware } from '~/auth/member.middleware'
import { browserAddress, browserUserAgent } from '~/upstream/browser-address.server'
import { callEndpoint, refusedBeforeSending } from '~/upstream/suite-client.server'
import type { UpstreamResult } from '~/upstream/upstream-result'

/** An upload as the images section sends it: the product, the alt text written for the file, and the file. */
const ImageUploadFormSchema = v.strictObject({ productId: Uuid, alt: ProductImageAltSchema, image: v.file() })

/** Images take longer than other calls: the member API decodes and encodes each one twice. */
const IMAGE_UPLOAD_TIMEOUT_MS = 30_000

const audited = async () => ({ clientIp: await browserAddress(), userAgent: await browserUserAgent() })

/**
 * POST ops/v1/product-images: one image for the product, its bytes passed on as they are. A file
 * over the size limit is refused here with the member API's own refusal, before its bytes go anywhere.
 */
export const uploadProductImageFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator((data: FormData) => v.parse(ImageUploadFormSchema, { productId: data.get('productId'), alt: data.get('alt'), image: data.get('image') }))
  .handler(async ({ context, data }): Promise<UpstreamResult<OpsProductImages>> => {
    if (data.image.size > PRODUCT_IMAGE_MAX_BYTES) {
      return refusedBeforeSending(ENDPOINTS.opsUploadProductImage, {
        fields: { image: [PRODUCT_IMAGE_REFUSED.size] },
        reason: { code: 'image-refused', problem: 'size' },
      })
    }
    return callEndpoint(ENDPOINTS.opsUploadProductImage, {
      member: context.member,
      query: { productId: data.productId, alt: data.alt },
      upload: new Uint8Array(await data.image.arrayBuffer()),
      timeoutMs: IMAGE_UPLOAD_TIMEOUT_MS,
      ...(await audited()),
    })
  })

/** PATCH ops/v1/product-images/:id: the image's alt text. */
export const describeProductImageFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ imageId: Uuid, alt: v.string() }))
  .handler(async ({ context, data }) =>
    callEndpoint(ENDPOINTS.opsDescribeProductImage, { member: context.member, params: { id: data.imageId }, body: { alt: data.alt }, ...(await audited()) }),
  )

/** POST ops/v1/product-images/:id/position: the image to another place (0 leads). */
export const moveProductImageFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ imageId: Uuid, ...ProductImageMoveBodySchema.entries }))
  .handler(async ({ context, data }) =>
    callEndpoint(ENDPOINTS.opsMoveProductImage, {
      member: context.member,
      params: { id: data.imageId },
      body: { position: data.position },
      ...(await audited()),
    }),
  )

/** DELETE ops/v1/product-images/:id */
export const removeProductImageFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ imageId: Uuid }))
  .handler(async ({ context, data }) =>
    callEndpoint(ENDPOINTS.opsRemoveProductImage, { member: context.member, params: { id: data.imageId }, ...(await audited()) }),
  )
