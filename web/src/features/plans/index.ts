/** The 定投 plans feature (docs/plans.md): the plan screen (investPlan), the list, the detail,
 * the record and the take-profit rules. Its screens are reached by route; other features link
 * to them by path and need nothing from here but the paths. */
import './plans.css'

export { investPlanPath, planDetailPath, planListPath } from './lib/paths'
