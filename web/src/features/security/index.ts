/** The security feature's public surface for other features. */
export {
  securitySettingQueryOptions,
  useSecuritySetting,
  type SecuritySetting,
} from './api/get-security-setting'
