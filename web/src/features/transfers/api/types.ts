/**
 * Payload types of the transfer-in calls (docs/transfers.md#calls), from the generated OpenAPI
 * schema. Shares and amounts are strings of 2 decimals ("1200.50").
 */
import type { Schemas } from '@/lib/api-types'

export type Recognition = Schemas['RecognitionOut']
export type RecognizedRow = Schemas['RecognizedRowOut']
export type RowStatus = RecognizedRow['status']
export type Source = Recognition['source']
export type Application = Schemas['ApplicationOut']
export type ApplicationStatus = Application['status']
export type ApplicationItem = Schemas['TransferItemOut']
export type FundHit = Schemas['FundHitOut']
export type SubmitBody = Schemas['TransferSubmitIn']
export type AipCandidate = Schemas['AipOut']
export type PoRestored = Schemas['PoRestoreOut']
export type ProfitPreview = Schemas['ProfitPreviewOut']
export type Relation = Schemas['RelationOut']
export type EmailQueued = Schemas['TemplateEmailOut']
