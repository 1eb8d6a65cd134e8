import { useState } from 'react'
import { Button } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { AlertModal } from '@/components/alert-modal'
import { saveTraceLog } from '@/features/platform'
import { PRIVACY_POLICY, type ContractStatus } from '../api/get-contract-status'
import { useSignLatestContracts } from '../api/sign-latest-contracts'
import { cacheSigned } from '../rules/privacy'

/** The privacy-policy prompt and, after 不同意, the mask that keeps the service closed until
 * the user authorises again (docs/product.md#states). */
export function PrivacyConsent({
  brokerUserId,
  status,
}: {
  brokerUserId: number
  status: ContractStatus
}) {
  const navigate = useNavigate()
  const sign = useSignLatestContracts()
  const [refused, setRefused] = useState(false)

  const agree = async () => {
    await sign.mutateAsync({
      brokerUserId,
      contracts: [{ fileType: PRIVACY_POLICY, version: status.latestVersion }],
    })
    cacheSigned(brokerUserId, status.latestVersion)
    void saveTraceLog('privacyConsent', { version: status.latestVersion })
  }

  if (refused) {
    return (
      <div className="privacy-mask" role="dialog" aria-label="服务不可用">
        <div className="privacy-mask__panel">
          <p className="privacy-mask__title">服务暂不可用</p>
          <p className="privacy-mask__text">
            您需要同意《隐私政策》后才能继续使用我们的服务。我们将严格保护您的个人信息安全。
          </p>
          <Button block color="primary" onClick={() => setRefused(false)}>
            重新授权
          </Button>
        </div>
      </div>
    )
  }

  return (
    <AlertModal
      visible
      title="隐私政策授权"
      content={
        <div className="privacy-consent">
          <p>
            感谢您的信任。为了向您提供基金交易、资产查询等服务，我们需要依据
            <a role="link" onClick={() => navigate('/privacy')}>
              《{status.fileName}》
            </a>
            收集和使用您的必要个人信息。请您仔细阅读并充分理解其中的条款，我们将严格按照该政策保护您的个人信息。
          </p>
          <p>点击“同意”即表示您已阅读并同意上述政策。</p>
        </div>
      }
      confirmText={sign.isPending ? '提交中...' : '同意'}
      confirmDisabled={sign.isPending}
      cancelText="不同意"
      onConfirm={agree}
      onCancel={() => setRefused(true)}
    />
  )
}
