import { describe, expect, it } from 'vitest'
import { gradeScope, gradeText, levelText } from './grades'

describe('grades and levels as the pages write them', () => {
  it('names a product level and an investor grade', () => {
    expect(levelText(3)).toBe('R3 中风险')
    expect(gradeText(4)).toBe('C4 成长型')
    expect(gradeText(9)).toBe('C9')
  })

  it('says what a grade may buy', () => {
    expect(gradeScope(1)).toBe('仅可购买低风险（R1）产品')
    expect(gradeScope(3)).toBe('可购买中风险（R3）及以下风险等级的产品')
  })
})
