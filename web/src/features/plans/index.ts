/** The 定投 plans feature (docs/plans.md): the plan screen (investPlan), the list, the detail,
 * the record and the take-profit rules. Its screens are reached by route; other features link
 * to them by path and need nothing from here but the paths. */
import './plans.css'

export { investPlanPath, planDetailPath, planListPath } from './lib/paths'
export { PeriodPicker } from './components/period-picker'
export { PLAN_MESSAGES } from './lib/rules'
export { ExecutionRow } from './components/execution-row'
export { nextDateText, PLAN_STATUS_COLOR, planStatusText } from './lib/status'
