/**
 * The names the robo screens show for the survey's answers, the plan's alternatives and the
 * authorisation codes (docs/robo.md#states-and-codes, docs/product.md#states "Authorization
 * codes").
 */
export interface Choice<T extends string = string> {
  value: T
  label: string
}

export const CAPITAL_TAGS: Choice[] = [
  { value: 'IDLE', label: '闲置资金' },
  { value: 'SAVING', label: '定期储蓄' },
  { value: 'PENSION', label: '养老储备' },
  { value: 'EDUCATION', label: '教育金' },
]

export const GOALS: Choice[] = [
  { value: 'WEALTH', label: '财富增值' },
  { value: 'RETIREMENT', label: '养老' },
  { value: 'EDUCATION', label: '子女教育' },
  { value: 'HOUSE', label: '购房' },
]

export const LIQUIDITY: Choice[] = [
  { value: 'HIGH', label: '随时可能用钱' },
  { value: 'MEDIUM', label: '一年内可能部分取用' },
  { value: 'LOW', label: '长期不用' },
]

/** The largest loss accepted (decimal strings as the server keeps them). */
export const LOSS_TOLERANCE: Choice[] = [
  { value: '0.05', label: '5%以内' },
  { value: '0.10', label: '10%以内' },
  { value: '0.20', label: '20%以内' },
  { value: '0.30', label: '30%以内' },
]

/** Investment horizons offered, in months (the server takes 6 to 360). */
export const HORIZONS: Choice[] = [
  { value: '6', label: '6个月' },
  { value: '12', label: '1年' },
  { value: '36', label: '3年' },
  { value: '60', label: '5年' },
  { value: '120', label: '10年' },
]

export const METHOD_NOTES: Record<string, string> = {
  MIN_VOLATILITY: '波动最小的组合',
  TARGET_RISK: '按您的风险预算做均值-方差优化',
  HRP: '分层风险平价，分散配置',
  ABOVE_GRADE: '按高一级风险预算优化，可能含超出您风险等级的产品',
}

export const ASSET_CLASS_NAMES: Record<string, string> = {
  CASH: '现金',
  BOND: '债券',
  STOCK: '股票',
  GOLD: '黄金',
  QDII: '海外',
  MIXED: '混合',
}

/** Authorisation codes: 0 awaiting, 1 authorised, 2 refused, 9 blank. */
export const AUTH_AWAITING = 0
export const AUTH_AUTHORIZED = 1
export const AUTH_REFUSED = 2
export const AUTH_BLANK = 9

export function authorizationText(code: number | null | undefined): string {
  switch (code) {
    case AUTH_AWAITING:
      return '超风险等级待授权'
    case AUTH_AUTHORIZED:
      return '已授权'
    case AUTH_REFUSED:
      return '已拒绝授权'
    case AUTH_BLANK:
      return '无需授权'
    default:
      return '--'
  }
}

export const labelOf = (choices: Choice[], value: unknown): string =>
  choices.find((c) => c.value === String(value ?? ''))?.label ?? '--'

/** The same decimal however it is written ("0.1" and "0.10"). */
export const sameDecimal = (a: unknown, b: unknown): boolean =>
  a !== null && a !== undefined && b !== null && b !== undefined && Number(a) === Number(b)

export const PLAN_STATUS: Record<string, string> = {
  DRAFT: '待确认',
  CONFIRMED: '已确认',
  EXPIRED: '已失效',
}
