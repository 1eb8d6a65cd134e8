export {
  brokerPreSettingQuery,
  useBrokerPreSetting,
  useWalletName,
  type BrokerPreSetting,
} from './api/get-broker-pre-setting'
export { saveTraceLog } from './api/save-trace-log'
export { getSignature, signatureUrl, type JsSdkSignature } from './api/get-signature'
export { CustomerServiceEntry, chatTarget } from './components/customer-service-entry'
export { ensureBrokerInfo } from './hooks/ensure-broker-info'
