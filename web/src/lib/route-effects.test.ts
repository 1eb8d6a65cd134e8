import { describe, expect, it } from 'vitest'
import {
  RENDER_READY_MS,
  RISK_FLAG_PAGES,
  SCROLL_TOP_DELAY_MS,
  shouldClearRiskFlag,
} from './route-effects'

describe('route effects (docs/product.md#states, docs/product.md#constants)', () => {
  it('clears the risk-level-signed flag on leaving the listed pages, except going back', () => {
    expect(RISK_FLAG_PAGES).toEqual([
      '/allot',
      '/allotFund',
      '/dsfofDetail',
      '/fa/signContract',
      '/assetsTransfer',
      '/convert/trade',
      '/advisor/roboDeposit',
    ])
    for (const page of RISK_FLAG_PAGES) {
      expect(shouldClearRiskFlag(page, '/tradeResult', 'PUSH'), page).toBe(true)
      expect(shouldClearRiskFlag(page, '/tradeResult', 'REPLACE'), page).toBe(true)
      expect(shouldClearRiskFlag(page, '/home', 'POP'), page).toBe(false)
    }
    expect(shouldClearRiskFlag('/mine', '/home', 'PUSH')).toBe(false)
    expect(shouldClearRiskFlag('/allot', '/allot', 'REPLACE')).toBe(false)
  })

  it('waits 2 s for render-ready and 300 ms to scroll to the top', () => {
    expect([RENDER_READY_MS, SCROLL_TOP_DELAY_MS]).toEqual([2000, 300])
  })
})
