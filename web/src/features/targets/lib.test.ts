import { describe, expect, it } from 'vitest'
import { isEnded, percentToRate, rateToPercent, seriesAssetPath } from './lib'

describe('target strategy helpers', () => {
  it('turns a typed percentage into the rate the call takes', () => {
    expect(percentToRate('8')).toBe('0.0800')
    expect(percentToRate('8.5')).toBe('0.0850')
    expect(percentToRate('12.25')).toBe('0.1225')
    expect(percentToRate('8.125')).toBeNull()
    expect(percentToRate('abc')).toBeNull()
    expect(percentToRate('')).toBeNull()
  })
  it('shows a rate back as a percentage', () => {
    expect(rateToPercent('0.0500')).toBe('5')
    expect(rateToPercent('0.0850')).toBe('8.5')
  })
  it('knows ended positions and builds paths', () => {
    expect(isEnded({ phase: 'END' })).toBe(true)
    expect(isEnded({ phase: 'TERMINATED_RESERVE' })).toBe(true)
    expect(isEnded({ phase: 'RUN' })).toBe(false)
    expect(seriesAssetPath('CL000002', 7)).toBe(
      '/strategy/seriesAsset?strategyParentCode=CL000002&financialAccountId=7',
    )
  })
})
