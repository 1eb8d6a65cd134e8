import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderAt } from '@/test/render'
import type { ChargePlan } from '../api/types'
import { ChargePlanView } from './charge-plan-view'

const plan: ChargePlan = {
  feeMode: 'FIXED',
  feeRatio: '0.005',
  feeRatedDiscount: '1',
  discountFeeRatio: '0.005',
  feeUpperLimitStr: '每月最高收取200.00元',
  upperValue: '200.00',
  chargePeriod: 'M',
  stepList: [],
  firstYearCharge: '100.00',
  coolingOffHours: 24,
}

describe('计提与收取', () => {
  it('says what a withdrawal is charged as the server charges it: only taking everything out', () => {
    renderAt(<ChargePlanView plan={plan} />)
    const text = document.body.textContent ?? ''
    // a partial withdrawal charges no fee (advisory/deposits.py preredeem: adviserFee 0 below ratio 1)
    expect(text).not.toContain('按取出比例收取')
    expect(
      screen.getByText(
        '3. 全部取出时收取已计提未收取的服务费；部分取出不单独收取，计入当期一并收取；解约时收取剩余部分。',
      ),
    ).toBeTruthy()
    expect(text).toContain('资产100,000.00元，一个自然日计提1.37元')
  })
})

describe('阶梯费率', () => {
  it('works the example out at the rate of the tier the example assets fall in', () => {
    renderAt(
      <ChargePlanView
        plan={{
          ...plan,
          feeMode: 'STEP',
          feeRatio: '0.00600000',
          discountFeeRatio: '0.00600000',
          feeUpperLimitStr: '不设上限',
          upperValue: null,
          chargePeriod: 'Q',
          stepList: [
            { minAsset: '0.00', feeRatio: '0.00600000' },
            { minAsset: '100000.00', feeRatio: '0.00400000' },
          ],
        }}
      />,
    )
    // 100 000.00 is in the 0.40 % tier (as the server charges it): 100 000 × 0.004 / 365 = 1.10
    expect(document.body.textContent).toContain('资产100,000.00元，一个自然日计提1.10元')
  })
})
