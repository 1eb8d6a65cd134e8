import { describe, expect, it } from 'vitest'
import { renderAt } from '@/test/render'
import { WithdrawEstimate } from './withdraw-parts'

describe('取出 预估到账', () => {
  it('names the sum of the sales less their redemption fees as the amount arriving', () => {
    // preredeem's totalAmount is the items' estimated amounts, each the sale less its fee
    renderAt(
      <WithdrawEstimate
        error=""
        estimate={{
          totalAmount: '8370.42',
          totalFee: '17.48',
          adviserFee: '0.00',
          itemList: [
            { fundCode: '002301', fundName: '远航纯债A', shares: '3766.32', amount: '4891.70' },
            {
              fundCode: '003304',
              fundName: '恒信均衡优选混合',
              shares: '2306.66',
              amount: '3478.72',
            },
          ],
        }}
      />,
    )
    const text = document.body.textContent ?? ''
    expect(text).toContain('预估到账金额(元)8,370.42')
    expect(text).not.toContain('预估卖出金额')
  })
})
