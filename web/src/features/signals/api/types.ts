/**
 * Payload types of the signal calls (docs/signals.md "Calls"), from the generated OpenAPI schema
 * (src/api/schema.d.ts). Amounts are strings of 2 decimals, multiples decimal strings ("1.5").
 */
import type { Schemas } from '@/lib/api-types'

export type FollowPlan = Schemas['FollowPlanOut']
export type FollowRecord = Schemas['FollowRecordOut']
export type FollowRecords = Schemas['FollowRecordsOut']
export type FollowedProduct = Schemas['FollowedProductOut']
export type FollowSettingBody = Schemas['FollowSettingIn']
export type SignalRedeemBody = Schemas['SignalRedeemIn']
export type Signal = NonNullable<FollowPlan['latestSignalInfo']>
/** INIT (no plan yet), OPEN, PAUSE. */
export type FollowStatus = FollowPlan['status']
/** CREATE 确认跟车, UPDATE 修改跟车, RESUME 恢复跟车, PAUSE. */
export type FollowAction = FollowPlan['action'] | 'PAUSE'
