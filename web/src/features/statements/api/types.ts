/**
 * Payload types of the statement, certificate, profit-book and capital calls
 * (docs/statements.md), from the generated OpenAPI schema. Amounts are strings of 2 decimals.
 */
import type { Schemas } from '@/lib/api-types'

export type Report = Schemas['ReportOut']
export type ReportDetail = Schemas['ReportDetailOut']
export type ReportType = Report['reportType']
export type CertificationPreview = Schemas['CertificationPreviewOut']
export type Certification = Schemas['CertificationOut']
export type CertificationApply = Schemas['CertificationApplyIn']
export type VerifyResult = Schemas['VerifyOut']
export type ProfitBook = Schemas['ProfitBookOut']
export type BookProduct = Schemas['BookProductOut']
export type CapitalFlow = Schemas['CapitalFlowOut']
export type NetInflow = Schemas['NetInflowOut']
export type Language = CertificationApply['language']
