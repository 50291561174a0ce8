// Product images: the console's uploads, alt texts, order and removals (campaigns:edit, checked from
// the endpoint table), and the files anyone may load.
import { ENDPOINTS } from '../../contract/endpoints'
import { PRODUCT_IMAGE_MAX_BYTES } from '../../contract/product-images'
import type { SuiteDeps } from '../deps'
import { currentStaff } from '../http/auth'
import type { RegisterRoute } from '../http/endpoint'
import { readUpload } from '../http/upload'
import { productImageFile } from '../services/product-images'
import { addProductImage, describeProductImage, moveProductImage, productImageTooLarge, removeProductImage } from '../staff/product-images'

export function registerProductImageRoutes(route: RegisterRoute, deps: SuiteDeps) {
  route(ENDPOINTS.opsUploadProductImage, async (c, { query }) => {
    const bytes = await readUpload(c, PRODUCT_IMAGE_MAX_BYTES, productImageTooLarge)
    const images = await addProductImage(deps, currentStaff(c), query.productId, bytes, query.alt)
    c.status(201)
    return images
  })
  route(ENDPOINTS.opsDescribeProductImage, (c, { params, body }) => describeProductImage(deps, currentStaff(c), params.id, body.alt))
  route(ENDPOINTS.opsMoveProductImage, (c, { params, body }) => moveProductImage(deps, currentStaff(c), params.id, body.position))
  route(ENDPOINTS.opsRemoveProductImage, (c, { params }) => removeProductImage(deps, currentStaff(c), params.id))

  // An id's bytes never change (another image is another id), so caches may keep them for a day; a
  // removed image leaves shared caches within that day.
  route(ENDPOINTS.publicProductImage, async (c, { params }) => {
    const bytes = await productImageFile(deps, params.id, params.size)
    c.header('Content-Type', 'image/jpeg')
    c.header('Cache-Control', 'public, max-age=86400')
    c.header('Content-Security-Policy', "default-src 'none'")
    return c.body(new Uint8Array(bytes))
  })
}
