/** Answers of the plan calls for the screens' tests, as the plans contract shapes them. */
import type { Execution, InvestPlan, InvestPlanDetail, PlanPreview, SmartBand } from '../api/types'

export const BANDS: SmartBand[] = [
  { lowerDeviation: null, upperDeviation: '-0.2000', multiplier: '1.50', label: '大幅低估' },
  { lowerDeviation: '-0.2000', upperDeviation: '0.0000', multiplier: '1.20', label: '低估' },
  { lowerDeviation: '0.0000', upperDeviation: '0.2000', multiplier: '0.80', label: '高估' },
  { lowerDeviation: '0.2000', upperDeviation: null, multiplier: '0.50', label: '大幅高估' },
]

export function planOf(extra: Partial<InvestPlan> = {}): InvestPlan {
  return {
    investPlanId: 11,
    financialAccountId: 1,
    productType: 'fund',
    productCode: '003304',
    productName: '恒信均衡优选混合',
    amount: '500.00',
    periodUnit: 1,
    periodInterval: 1,
    periodDay: 3,
    periodMonth: null,
    periodText: '每周三',
    payType: 'card',
    paymentMethodId: 21,
    payMethodText: '工商银行(1234)',
    payDateMode: 'CONTINUITY',
    smart: false,
    smartIndexCode: null,
    smartIndexName: null,
    targetRate: null,
    targetAction: null,
    planHolding: 0,
    round: 1,
    status: 'A',
    statusReason: '',
    extendPeriodSignStatus: null,
    startDate: '2026-11-04',
    nextDate: '2026-12-02',
    createdAt: '2026-11-03T10:00:00+08:00',
    executionCount: 3,
    successCount: 3,
    failCount: 0,
    totalInvested: '1500.00',
    holdingShares: '1071.43',
    holdingValue: '1532.10',
    holdingProfit: '32.10',
    holdingProfitRate: '0.0214',
    ...extra,
  }
}

export function detailOf(extra: Partial<InvestPlanDetail> = {}): InvestPlanDetail {
  return {
    ...planOf(),
    upcomingDates: ['2026-12-02', '2026-12-09', '2026-12-16'],
    smartBands: [],
    targetRecords: [],
    ...extra,
  }
}

export function executionOf(extra: Partial<Execution> = {}): Execution {
  return {
    executionId: 301,
    investPlanId: 11,
    dueDate: '2026-11-25',
    executeDate: '2026-11-25',
    attempt: 1,
    status: 'SUCCESS',
    baseAmount: '500.00',
    multiplier: '1.00',
    amount: '500.00',
    brokerOrderNo: 'O301',
    orderCode: '039',
    orderConfirmStatus: '2',
    confirmedShares: '356.12',
    nav: '1.3998',
    fee: '0.75',
    failReason: '',
    ...extra,
  }
}

export const PREVIEW: PlanPreview = {
  firstDate: '2026-12-02',
  nextDates: ['2026-12-09', '2026-12-16', '2026-12-23'],
  minAmount: '10.00',
  maxAmount: '50000.00',
  smartSupported: true,
  smartIndexCode: '000300',
  smartIndexName: '沪深300',
  smartBands: BANDS,
  currentDeviation: '-0.1234',
  currentMultiplier: '1.20',
  protocolNames: ['定投服务协议'],
}

export const pageOf = <T>(list: T[], hasMore = false, page = 1) => ({
  list,
  total: list.length,
  page,
  size: 10,
  hasMore,
})
