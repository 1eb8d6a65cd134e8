import { useState } from 'react'
import { Checkbox } from 'antd-mobile'
import { ScrollReadModal } from '@/components/scroll-read-modal'
import { usePensionAgreement } from '../api/get-agreements'

/** 我已阅读并同意《…》: the agreement's title opens its text (from the server) to read; reading
 * it to the end and confirming ticks the box. */
export function AgreementCheck({
  kind,
  checked,
  onChange,
}: {
  kind: 'authorized' | 'recharge'
  checked: boolean
  onChange: (checked: boolean) => void
}) {
  const agreement = usePensionAgreement(kind)
  const [open, setOpen] = useState(false)
  const title = agreement.data?.title ?? ''
  return (
    <div className="pension-agree">
      <Checkbox
        checked={checked}
        onChange={onChange}
        style={{ '--icon-size': '16px' }}
        aria-label={`同意${title}`}
        data-testid="pension-agree"
      />
      <span>
        我已阅读并同意
        <button type="button" onClick={() => setOpen(true)} disabled={!title}>
          《{title}》
        </button>
      </span>
      <ScrollReadModal
        visible={open}
        title={title}
        onConfirm={() => {
          onChange(true)
          setOpen(false)
        }}
        onCancel={() => setOpen(false)}
        cancelText="取消"
      >
        <div className="pension-text">
          {(agreement.data?.content ?? []).map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      </ScrollReadModal>
    </div>
  )
}
