import { describe, expect, it } from 'vitest'
import { isProductImageName, productImageFileSrc, productImageSrc, productImageSrcSet, uploadedImageOf } from './product-image-src'

const ID = '0b6f3c1e-8a2d-4c5e-9f10-123456789abc'

describe('product images', () => {
  it('are loaded through the portal under /images/products', () => {
    expect(productImageSrc('/suite/api/public/images/cold-brew.svg')).toBe('/images/products/cold-brew.svg')
    expect(productImageSrc('http://127.0.0.1:4000/suite/api/public/images/serum.svg?v=2')).toBe('/images/products/serum.svg')
  })

  it('name uploaded images by id and size, the thumbnail for small places', () => {
    expect(productImageSrc(`/suite/api/public/product-images/${ID}/display`)).toBe(`/images/products/${ID}-display.jpg`)
    expect(productImageSrc(`/suite/api/public/product-images/${ID}/display`, 'thumb')).toBe(`/images/products/${ID}-thumb.jpg`)
    expect(productImageSrcSet(`/suite/api/public/product-images/${ID}/display`)).toBe(
      `/images/products/${ID}-thumb.jpg 400w, /images/products/${ID}-display.jpg 1600w`,
    )
    expect(productImageSrcSet('/suite/api/public/images/cold-brew.svg')).toBeUndefined()
    expect(productImageFileSrc(ID, 'thumb')).toBe(`/images/products/${ID}-thumb.jpg`)
    expect(uploadedImageOf(`${ID}-thumb.jpg`)).toEqual({ id: ID, size: 'thumb' })
    expect(uploadedImageOf(`${ID}-original.jpg`)).toBeNull()
    expect(uploadedImageOf('cold-brew.svg')).toBeNull()
  })

  it('refuse names that are not catalogue SVGs or uploaded images', () => {
    expect(productImageSrc('')).toBeNull()
    expect(productImageSrc('/suite/api/public/images/..%2Fsecrets')).toBeNull()
    expect(productImageSrc(`/suite/api/public/product-images/${ID}/original`)).toBeNull()
    expect(productImageSrc('/suite/api/public/product-images/../../etc/display')).toBeNull()
    expect(isProductImageName('../etc/passwd.svg')).toBe(false)
    expect(isProductImageName('photo.png')).toBe(false)
    expect(isProductImageName('pillow-mist.svg')).toBe(true)
  })
})
