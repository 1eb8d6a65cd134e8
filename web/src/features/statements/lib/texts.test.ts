import { describe, expect, it } from 'vitest'
import { periodText, statementViewerPath } from './texts'

describe('statement texts', () => {
  it('names a month and a year', () => {
    expect(periodText('2026-10')).toBe('2026年10月')
    expect(periodText('2026-03')).toBe('2026年3月')
    expect(periodText('2025')).toBe('2025年')
  })
  it('links a period to its viewer', () => {
    expect(
      statementViewerPath({ financialAccountId: 7, reportType: 'month', period: '2026-10' }),
    ).toBe('/statementList?financialAccountId=7&reportType=month&period=2026-10')
  })
})
