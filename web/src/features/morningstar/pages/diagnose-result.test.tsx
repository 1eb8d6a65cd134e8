import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderAt } from '@/test/render'
import { Overlap } from './diagnose-result'

describe('重合度', () => {
  it('shows a correlation cut to two decimals as the finding writes it (not rounded)', () => {
    renderAt(
      <Overlap
        s={{
          level: 'warn',
          finding:
            '基金甲与基金乙近一年走势相关系数为0.98，共有1对基金走势高度相似，分散效果有限。',
          pairs: [
            {
              codeA: '000001',
              nameA: '基金甲',
              codeB: '000002',
              nameB: '基金乙',
              correlation: '0.9876',
              days: 240,
              overlapping: true,
            },
          ],
          overlappingCount: 1,
        }}
      />,
    )
    expect(screen.getByText('0.98')).toBeTruthy()
    expect(screen.queryByText('0.99')).toBeNull()
  })
})
