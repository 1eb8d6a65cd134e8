/** The signals feature (docs/signals.md): the signal and follow screens, reached by route; other
 * features link to them by path. */
import './signals.css'

export { followSettingPath, signalDetailPath, signalHistoryPath, signalPlanPath } from './lib/paths'
