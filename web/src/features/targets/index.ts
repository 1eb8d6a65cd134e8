/** The target strategies feature (docs/targets.md): 目标策略, 目标资产, 系列资产 and the
 * holder's target setting. Its screens are reached by route; other features link to them by
 * path. */
import './targets.css'

export { seriesAssetPath } from './lib'
