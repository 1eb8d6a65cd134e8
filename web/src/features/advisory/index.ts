/** The advisory (投顾) service accounts feature (docs/advisory.md): the fa/ screens are reached by
 * route; other features need only how a service account reads (its tags) and where each kind of
 * financial account opens. */
export { accountDetailPath, accountHomePath } from './lib/paths'
export { serviceAccountTags, TAG_ADJUSTMENT, TAG_TERMINATED, TAG_UNSIGNED } from './lib/status'
/** What the robo screens (docs/robo.md) share with these: a robo account is a service account. */
export { usePasswordWrite } from './components/use-password-write'
export { DepositSplit, useDepositPay, useSettled } from './components/deposit-parts'
export { RatioSelector, WithdrawEstimate, withdrawRatioLabel } from './components/withdraw-parts'
export { Composition } from './components/composition'
export { FeeTerms } from './components/fee-terms'
export { useContractDetail } from './api/get-contract-detail'
export { useAccountInfo } from './api/get-account-info'
export { usePaymentMethods } from './api/get-payment-methods'
export { useIdParam, useTextParam } from './lib/params'
export { ConfirmDateRow } from './components/confirm-date-row'
export { FEE_ON_WITHDRAW, WITHDRAW_RATIOS } from './lib/texts'
