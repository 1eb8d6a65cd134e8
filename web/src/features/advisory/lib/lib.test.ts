import { describe, expect, it } from 'vitest'
import {
  chargePeriodText,
  dailyAccrual,
  feeRateLines,
  feeStatusText,
  yearlyRateAt,
  yearlyRateText,
} from './fee'
import { accountDetailPath, faPath } from './paths'
import {
  ADJUSTMENT_STATUSES,
  adjustmentLabel,
  awaitsCustomer,
  contractStatusText,
  serviceAccountTags,
} from './status'
import type { DisplayStatus } from '@/lib/order-status'
import { confirmDateOf } from '@/features/trade'
import { confirmDateLabel } from './texts'
import { donutItems, weightChanges, weightTotal } from './weights'

describe('adjustment statuses', () => {
  it('label every status of the spec with one of the shown labels', () => {
    const shown = new Set([
      '待确认',
      '已取消',
      '已过期',
      '已撤回',
      '处理中',
      '部分完成',
      '已完成',
      '已失败',
      '已终止',
    ])
    for (const s of ADJUSTMENT_STATUSES) expect(shown.has(adjustmentLabel(s))).toBe(true)
    expect(adjustmentLabel('CUSTOMER_UNCONFIRMED')).toBe('待确认')
    expect(adjustmentLabel('CUSTOMER_EXPIRED')).toBe('已过期')
    expect(adjustmentLabel('ORDER_PARTLY_DONE')).toBe('部分完成')
    expect(adjustmentLabel('ORDER_IN_PROCESS')).toBe('处理中')
    expect(adjustmentLabel('DONE')).toBe('已完成')
    expect(adjustmentLabel('CUSTOMER_WITHDRAWN')).toBe('已撤回')
    expect(adjustmentLabel('nonsense')).toBe('--')
  })
  it('leave only a customer-unconfirmed adjustment to the customer', () => {
    expect(awaitsCustomer('CUSTOMER_UNCONFIRMED')).toBe(true)
    expect(awaitsCustomer('UNCONFIRMED')).toBe(false)
    expect(awaitsCustomer('CUSTOMER_EXPIRED')).toBe(false)
    expect(awaitsCustomer(null)).toBe(false)
  })
})

describe('service account tags', () => {
  it('调仓待确认 while an adjustment awaits the customer', () => {
    expect(
      serviceAccountTags({
        contractStatus: 1,
        adjustmentInProcess: { status: 'CUSTOMER_UNCONFIRMED' },
      }),
    ).toEqual(['调仓待确认'])
  })
  it('未签约 while the contract is unconfirmed', () => {
    expect(serviceAccountTags({ contractStatus: 0, adjustmentInProcess: null })).toEqual(['未签约'])
  })
  it('已解约 alone once terminated, whatever else it says', () => {
    expect(
      serviceAccountTags({
        contractStatus: 3,
        adjustmentInProcess: { status: 'CUSTOMER_UNCONFIRMED' },
      }),
    ).toEqual(['已解约'])
    expect(serviceAccountTags({ contractStatus: '3' })).toEqual(['已解约'])
  })
  it('nothing for a signed account at rest or for no info', () => {
    expect(
      serviceAccountTags({ contractStatus: 1, adjustmentInProcess: { status: 'DONE' } }),
    ).toEqual([])
    expect(serviceAccountTags(null)).toEqual([])
  })
  it('contract statuses read', () => {
    expect(contractStatusText(0)).toBe('待确认')
    expect(contractStatusText('3')).toBe('已解约')
    expect(contractStatusText(null)).toBe('--')
  })
})

describe('fee figures', () => {
  it('a yearly rate and its period', () => {
    expect(yearlyRateText('0.0080')).toBe('0.80%/年')
    expect(yearlyRateText(null)).toBe('--')
    expect(chargePeriodText('m')).toBe('按月收取')
    expect(chargePeriodText('Q')).toBe('按季收取')
    expect(chargePeriodText('X')).toBe('--')
  })
  it('a discount shows the listed rate struck beside the one paid', () => {
    expect(feeRateLines({ feeRatio: '0.0100', discountFeeRatio: '0.0080' })).toEqual({
      rate: '0.80%/年',
      original: '1.00%/年',
    })
    expect(feeRateLines({ feeRatio: '0.0100', discountFeeRatio: '0.0100' })).toEqual({
      rate: '1.00%/年',
      original: null,
    })
    expect(feeRateLines({ feeRatio: '0.0050' })).toEqual({ rate: '0.50%/年', original: null })
  })
  it("a day's accrual: 20 000 × 0.8 % ÷ 365 = 0.438… → 0.44", () => {
    expect(dailyAccrual('20000.00', '0.0080')).toBe('0.44')
    // 12 345.67 × 1.2 % ÷ 365 = 0.40588… → 0.41
    expect(dailyAccrual('12345.67', '0.012')).toBe('0.41')
    expect(dailyAccrual(null, '0.01')).toBe('--')
  })
  it('fee statuses', () => {
    expect(feeStatusText('S')).toBe('已收取')
    expect(feeStatusText('f')).toBe('收取失败')
    expect(feeStatusText('P')).toBe('处理中')
  })
})

describe('weights', () => {
  const model = [
    { name: '债', weight: '0.2000' },
    { name: '股', weight: '0.5000' },
    { name: '货', weight: '0.3000' },
    { name: '空', weight: '0' },
  ]
  it('the donut: largest first, empty weights dropped, colours in order', () => {
    const items = donutItems(model)
    expect(items.map((i) => i.name)).toEqual(['股', '货', '债'])
    expect(items.map((i) => i.value)).toEqual([0.5, 0.3, 0.2])
    expect(new Set(items.map((i) => i.color)).size).toBe(3)
  })
  it('weights of a full model add to one', () => {
    expect(weightTotal(model).toString()).toBe('1')
  })
  it('changes from one model to the next', () => {
    const rows = weightChanges(
      [
        { code: 'A', name: 'a', weight: '0.6' },
        { code: 'B', name: 'b', weight: '0.4' },
      ],
      [
        { code: 'A', name: 'a', weight: '0.5' },
        { code: 'C', name: 'c', weight: '0.5' },
      ],
    )
    expect(rows.map((r) => [r.code, r.kind, r.before.toString(), r.after.toString()])).toEqual([
      ['A', 'down', '0.6', '0.5'],
      ['C', 'add', '0', '0.5'],
      ['B', 'remove', '0.4', '0'],
    ])
  })
})

describe('paths', () => {
  it('each account type opens its own detail page', () => {
    expect(
      accountDetailPath({
        financialAccountId: 7,
        financialAccountType: 'service',
        serviceAccountInfo: { serviceAccountId: 12 },
      }),
    ).toBe('/fa/accountHomePage?serviceAccountId=12')
    expect(accountDetailPath({ financialAccountId: 7, financialAccountType: 'service' })).toBe(
      '/financialAccount?financialAccountId=7',
    )
    expect(accountDetailPath({ financialAccountId: 7, financialAccountType: 'robo_service' })).toBe(
      '/advisor/account?serviceAccountId=7',
    )
    expect(accountDetailPath({ financialAccountId: 7, financialAccountType: 'pension' })).toBe(
      '/pension/home',
    )
    expect(accountDetailPath({ financialAccountId: 7, financialAccountType: 'normal' })).toBe(
      '/financialAccount?financialAccountId=7',
    )
  })
  it('fa screens take the account and their own parameters, empty ones dropped', () => {
    expect(faPath('adjustment', 3, { adjustmentId: 9, x: '' })).toBe(
      '/fa/adjustment?serviceAccountId=3&adjustmentId=9',
    )
  })
})

describe("an order's confirmation date", () => {
  const waiting = { confirmDate: '2026-10-20', confirmedAt: null }
  const row = (
    order: typeof waiting | { confirmDate: string; confirmedAt: string },
    s: DisplayStatus,
  ) => {
    const date = confirmDateOf(order, s)
    return date && `${confirmDateLabel(date)} ${date.date}`
  }
  it('is 确认日 once confirmed, 预计确认日 while to come (fa/order, advisor/transactionDetail)', () => {
    expect(row({ ...waiting, confirmedAt: '2026-10-21' }, 'success')).toBe('确认日 2026-10-21')
    expect(row(waiting, 'ing')).toBe('预计确认日 2026-10-20')
    expect(row(waiting, 'payIng')).toBe('预计确认日 2026-10-20')
  })
  it('is none for a cancelled or failed order never confirmed: no day to expect', () => {
    for (const s of ['cancel', 'fail', 'payFail'] as const) expect(row(waiting, s)).toBeNull()
    // a failure at confirmation has its day
    expect(row({ ...waiting, confirmedAt: '2026-10-20' }, 'fail')).toBe('确认日 2026-10-20')
  })
})

describe('the yearly rate paid on an amount', () => {
  const step = {
    feeMode: 'STEP',
    discountFeeRatio: '0.006',
    feeRatedDiscount: '0.8',
    stepList: [
      { minAsset: '100000.00', feeRatio: '0.004' },
      { minAsset: '0.00', feeRatio: '0.006' },
    ],
  }
  it('takes the highest tier at or below the amount, times the discount', () => {
    expect(yearlyRateAt(step, '99999.99')).toBe('0.0048')
    expect(yearlyRateAt(step, '100000.00')).toBe('0.0032')
    expect(yearlyRateAt(step, '150000')).toBe('0.0032')
  })
  it('is the discounted rate of a fixed fee', () => {
    expect(yearlyRateAt({ feeMode: 'FIXED', discountFeeRatio: '0.005', stepList: [] }, '1')).toBe(
      '0.005',
    )
  })
})
