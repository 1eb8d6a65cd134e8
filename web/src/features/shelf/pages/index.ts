/** The shelf's screens in one lazily loaded chunk (docs/shelf.md): small pages reached rarely,
 * so the route table carries one dynamic import for all of them. */
export { default as landing } from './landing'
export { default as disableNotice } from './disable-notice'
export { default as appDownload } from './app-download'
export { default as appPrivacy } from './app-privacy'
export { default as aboutUs } from './about-us'
export { default as documentViewer } from './document-viewer'
export { default as superWalletRules } from './super-wallet-rules'
export { default as nonAmericanSign } from './non-american-sign'
export { default as nonAmericanSignReal } from './non-american-sign-real'
export { default as dsfofList } from './dsfof-list'
export { default as dsfofDetail } from './dsfof-detail'
export { default as dsfofRecord } from './dsfof-record'
