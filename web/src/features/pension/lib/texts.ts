/** The pension screens' own words (docs/pension.md). */
export const PENSION_TEXTS = {
  noAccount: '您还没有个人养老金资金账户',
  noAccountHint: '每人每年最多缴存12000元，缴存额可在个税前扣除',
  opening: '开户申请已提交，请在银行页面完成开户',
  yearQuota: (year: number) => `${year}年缴存额度`,
  withdraw: '领取',
  deposit: '去缴存',
  noHoldings: '暂无养老金产品持仓',
  noRecords: '暂无缴存记录',
} as const

/** The pension account's page, where 我的 sends a financial account of type pension. */
export const PENSION_HOME_PATH = '/pension/home'
