import type { Schemas } from '@/lib/api-types'

export type PensionAccount = Schemas['TdAccountOut']
export type PensionBank = Schemas['PensionBankOut']
export type PensionProduct = Schemas['PensionProductOut']
export type Contribution = Schemas['ContributionOut']
export type Contributions = Schemas['ContributionsOut']
export type Agreement = Schemas['PensionAgreementOut']
export type PensionTime = Schemas['PensionTimeOut']
export type TaxEstimate = Schemas['TaxEstimateOut']
export type PensionCategory = 'targetDate' | 'targetRisk'
