import { describe, expect, it } from 'vitest'
import { appPath, detectEnvironment } from './env'

const top = {}
const win = (ua: string, extra: object = {}) => ({
  self: top,
  top,
  navigator: { userAgent: ua },
  ...extra,
})

describe('environment detection (docs/product.md#constants)', () => {
  it('tells the mini program, the iframe, WeChat H5 and a normal browser apart', () => {
    expect(detectEnvironment(win('Mozilla/5.0 MicroMessenger/8.0 miniProgram'))).toBe('miniProgram')
    expect(detectEnvironment(win('Mozilla/5.0', { __wxjs_environment: 'miniprogram' }))).toBe(
      'miniProgram',
    )
    expect(detectEnvironment({ ...win('Mozilla/5.0'), self: {} })).toBe('iframe')
    expect(detectEnvironment(win('Mozilla/5.0 (iPhone) MicroMessenger/8.0.50'))).toBe('wechat')
    expect(detectEnvironment(win('Mozilla/5.0 (iPhone) Safari/604.1'))).toBe('h5')
  })

  it('counts a parent it may not read as a frame', () => {
    const guarded = {
      self: {},
      get top(): unknown {
        throw new Error('cross-origin')
      },
      navigator: { userAgent: 'Mozilla/5.0' },
    }
    expect(detectEnvironment(guarded)).toBe('iframe')
  })
})

describe('appPath', () => {
  const origin = 'https://fund.example.com'
  it('removes the base path of a page of this app, with or without the origin', () => {
    expect(appPath('/h5/opentamp-trade-h5/serviceProtocol?protocolType=x', origin)).toBe(
      '/serviceProtocol?protocolType=x',
    )
    expect(appPath(`${origin}/h5/opentamp-trade-h5/cmbVerifyResult?serialNo=1`, origin)).toBe(
      '/cmbVerifyResult?serialNo=1',
    )
    expect(appPath('/h5/opentamp-trade-h5', origin)).toBe('/')
  })
  it('keeps a client path as it is', () => {
    expect(appPath('/privacy', origin)).toBe('/privacy')
  })
  it('answers null for any other address', () => {
    expect(appPath('https://other.example.com/doc.pdf', origin)).toBeNull()
    expect(appPath(`${origin}/h5/other-trade-h5/x`, origin)).toBeNull()
    expect(appPath('//cdn.example.com/a.pdf', origin)).toBeNull()
  })
})
