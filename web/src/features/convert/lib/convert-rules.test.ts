import { describe, expect, it } from 'vitest'
import { checkConvertShares, estimateShares } from './convert-rules'

const holding = {
  availableShares: '4608.37',
  minConvertShares: '10.00',
  minRemainingShares: '100.00',
}

describe('checkConvertShares (the redemption rules of the fund converted out)', () => {
  it('asks for shares on submit, says nothing while the field is empty', () => {
    expect(checkConvertShares({ ...holding, shares: '' })).toBe('请输入转换份额')
    expect(checkConvertShares({ ...holding, shares: '' }, false)).toBeNull()
    expect(checkConvertShares({ ...holding, shares: '0' }, false)).toBeNull()
  })

  it('nothing to convert', () => {
    expect(checkConvertShares({ ...holding, availableShares: '0.00', shares: '1' })).toBe(
      '暂无可转换份额',
    )
  })

  it('never more than the convertible shares', () => {
    expect(checkConvertShares({ ...holding, shares: '4608.38' }, false)).toBe(
      '转换份额不能超过可转换份额 4,608.37 份',
    )
  })

  it('at least the minimum, unless everything is converted', () => {
    expect(checkConvertShares({ ...holding, shares: '9.99' }, false)).toBe(
      '单笔转换份额不能少于 10.00 份',
    )
    expect(checkConvertShares({ ...holding, shares: '10' })).toBeNull()
    // 5.00 available, below the 10.00 minimum: converting all 5.00 is allowed.
    expect(checkConvertShares({ ...holding, availableShares: '5.00', shares: '5' })).toBeNull()
  })

  it('what stays is at least the minimum holding, or all must go', () => {
    // 4608.37 − 4508.38 = 99.99 left, below 100: refused; 4508.37 leaves exactly 100: fine.
    expect(checkConvertShares({ ...holding, shares: '4508.38' }, false)).toBe(
      '转换后剩余份额不能少于 100.00 份，请全部转换',
    )
    expect(checkConvertShares({ ...holding, shares: '4508.37' })).toBeNull()
    expect(checkConvertShares({ ...holding, shares: '4608.37' })).toBeNull()
  })

  it('a fund without minimums takes any positive shares up to the available', () => {
    const bare = { availableShares: '100.00', minConvertShares: '0', minRemainingShares: null }
    expect(checkConvertShares({ ...bare, shares: '0.01' })).toBeNull()
    expect(checkConvertShares({ ...bare, shares: '99.99' })).toBeNull()
  })
})

describe('estimateShares (what the estimate is asked for)', () => {
  it('only valid shares, as two decimals', () => {
    expect(estimateShares({ ...holding, shares: '1000' })).toBe('1000.00')
    expect(estimateShares({ ...holding, shares: '1000.5' })).toBe('1000.50')
    expect(estimateShares({ ...holding, shares: '4608.37' })).toBe('4608.37')
  })

  it('nothing for empty or refused shares', () => {
    expect(estimateShares({ ...holding, shares: '' })).toBe('')
    expect(estimateShares({ ...holding, shares: '5' })).toBe('')
    expect(estimateShares({ ...holding, shares: '5000' })).toBe('')
    expect(estimateShares({ ...holding, shares: '4508.38' })).toBe('')
  })
})
