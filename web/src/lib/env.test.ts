import { describe, expect, it } from 'vitest'
import { detectEnvironment } from './env'

const top = {}
const win = (ua: string, extra: object = {}) => ({
  self: top,
  top,
  navigator: { userAgent: ua },
  ...extra,
})

describe('environment detection (spec 000 §9)', () => {
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
