import { describe, expect, it } from 'vitest'
import { isProductImageName, productImageSrc } from './product-image-src'

describe('product images', () => {
  it('are loaded through the portal under /images/products', () => {
    expect(productImageSrc('/suite/api/public/images/cold-brew.svg')).toBe('/images/products/cold-brew.svg')
    expect(productImageSrc('http://127.0.0.1:4000/suite/api/public/images/serum.svg?v=2')).toBe('/images/products/serum.svg')
  })

  it('refuse names that are not catalogue SVGs', () => {
    expect(productImageSrc('')).toBeNull()
    expect(productImageSrc('/suite/api/public/images/..%2Fsecrets')).toBeNull()
    expect(isProductImageName('../etc/passwd.svg')).toBe(false)
    expect(isProductImageName('photo.png')).toBe(false)
    expect(isProductImageName('pillow-mist.svg')).toBe(true)
  })
})
