/**
 * Payload types of the target-strategy calls (docs/targets.md "Calls"), from the generated
 * OpenAPI schema. Amounts are strings of 2 decimals, rates decimal strings of 4 ("0.0500").
 */
import type { Schemas } from '@/lib/api-types'

export type SeriesAsset = Schemas['SeriesStrategyAssetOut']
export type SeriesStrategy = Schemas['SeriesStrategyOut']
export type TargetPosition = Schemas['TargetPositionOut']
export type TargetSetting = Schemas['TargetSettingOut']
export type TargetSettingBody = Schemas['TargetSettingIn']
export type TargetAction = TargetSetting['targetAction']
