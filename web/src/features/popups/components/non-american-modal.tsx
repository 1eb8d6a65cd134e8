import { useState } from 'react'
import { AlertModal } from '@/components/alert-modal'
import { ProtocolAgreement } from '@/components/protocol-agreement'
import { useSubmitNonAmerican } from '../api/submit-non-american'
import type { NonAmericanMode, PopupResult } from '../rules/non-american'

export const NON_AMERICAN_PROTOCOL = { name: '非美国税收居民声明', url: '/nonAmericanSign' }

export function nonAmericanText(mode: NonAmericanMode, advisor: boolean): string {
  if (mode === 'global') {
    return '根据监管要求，投资互认基金等产品前需确认您的税收居民身份。如您不是美国税收居民，请完成以下声明，后续交易无需重复确认。'
  }
  return advisor
    ? '根据监管要求，签约投顾服务前需确认您的税收居民身份。请确认您不是美国税收居民后继续签约。'
    : '根据监管要求，购买该产品前需确认您的税收居民身份。请确认您不是美国税收居民后继续交易。'
}

/** The declaration: the agreement must be ticked before 同意 (global) or 同意并签署 (trade) is
 * enabled; submitting records that the user is not a US taxpayer. */
export function NonAmericanModal({
  brokerUserId,
  mode,
  advisor = false,
  onDone,
}: {
  brokerUserId: number
  mode: NonAmericanMode
  advisor?: boolean
  onDone: (result: PopupResult) => void
}) {
  const [checked, setChecked] = useState(false)
  const submit = useSubmitNonAmerican()
  return (
    <AlertModal
      visible
      title="非美国税收居民声明"
      content={
        <div className="non-american">
          <p>{nonAmericanText(mode, advisor)}</p>
          <p className="non-american__statement">
            本人声明：本人不是美国公民、美国永久居民，也不是依美国税法应被视为美国税收居民的个人。
          </p>
          <ProtocolAgreement
            protocols={[NON_AMERICAN_PROTOCOL]}
            checked={checked}
            onChange={setChecked}
          />
        </div>
      }
      confirmText={mode === 'global' ? '同意' : '同意并签署'}
      confirmDisabled={!checked || submit.isPending}
      cancelText={mode === 'global' ? '暂不声明' : '取消'}
      onConfirm={async () => {
        await submit.mutateAsync({ brokerUserId, nonAmerican: true })
        onDone('SUBMIT')
      }}
      onCancel={() => onDone('CLOSE')}
    />
  )
}
