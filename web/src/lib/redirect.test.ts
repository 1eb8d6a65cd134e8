import { describe, expect, it } from 'vitest'
import { decodeRedirectUrl, redirectLocation, saveRedirect, takeRedirect } from './redirect'

describe('return-to storage (docs/product.md#screens-and-routes)', () => {
  it('keeps the path and query until taken once', () => {
    saveRedirect({ path: '/allot', query: 'productCode=000001&productType=fund' })
    const target = takeRedirect()
    expect(target).toEqual({ path: '/allot', query: 'productCode=000001&productType=fund' })
    expect(redirectLocation(target)).toBe('/allot?productCode=000001&productType=fund')
    expect(takeRedirect()).toBeNull()
    expect(redirectLocation(null)).toBe('/home')
  })
})

describe('redirect address decoding (docs/api.md#limits)', () => {
  it('decodes until stable, at most 5 times', () => {
    const target = '/allot?productCode=000001'
    let encoded = target
    for (let i = 0; i < 5; i += 1) encoded = encodeURIComponent(encoded)
    expect(decodeRedirectUrl(encoded)).toBe(target)
    expect(decodeRedirectUrl(encodeURIComponent(encoded))).toBe(encodeURIComponent(target))
    expect(decodeRedirectUrl('/home')).toBe('/home')
    expect(decodeRedirectUrl('%E0%A4%A')).toBe('%E0%A4%A')
  })
})
