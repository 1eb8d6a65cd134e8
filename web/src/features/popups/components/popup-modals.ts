/**
 * The pop-ups of the visit's queue (features/popups PopupHost), in one chunk: antd-mobile's
 * `CenterPopup` and `Modal` bring the mask, the spring (react-spring) and the gesture code, which
 * a visit with no pop-up due never needs (docs/architecture.md#first-load). Loaded by a step once
 * it has decided to show (`usePopupModals` of popup-steps.tsx).
 */
export { NonAmericanModal } from './non-american-modal'
export { NoticeConfirmModal } from './notice-confirm-modal'
export { OperationPopupModal } from './operation-popup-modal'
export { PaymentResignModal } from './payment-resign-modal'
export { PrivacyConsent } from './privacy-consent'
export { RiskExpiryModal } from './risk-expiry-modal'
