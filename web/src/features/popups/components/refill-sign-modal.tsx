import { useState } from 'react'
import { Button, Checkbox, CenterPopup } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { ApiError } from '@/lib/api-client'
import { showFailToast, showSuccessToast } from '@/lib/toast'
import type { HoldingScope } from '../api/get-holding-risk-level'
import { signAdviser } from '../api/sign-adviser'
import type { UnsignedAdvisoryItem } from '../api/types'
import type { PopupResult } from '../rules/non-american'

/** The message of a failed signing (docs/api.md#generic-responses "Sign fails"): the server's, when
 * it gave a code; otherwise 网络错误. */
export function signFailureText(error: unknown): string {
  return error instanceof ApiError && error.answered && error.code !== -1
    ? error.message
    : '网络错误'
}

/** The items to sign, chosen by checkbox: 确认签署 needs at least one and cannot be sent twice
 * (docs/product.md#validation). A pop-up that may not be closed (a transfer product) has 返回 instead
 * of 暂不签署. */
export function SignItemsModal({
  title,
  intro,
  items,
  scope,
  isResign = false,
  closable = true,
  cancelText = '暂不签署',
  onDone,
}: {
  title: string
  intro: React.ReactNode
  items: UnsignedAdvisoryItem[]
  scope: HoldingScope
  isResign?: boolean
  closable?: boolean
  cancelText?: string
  onDone: (result: PopupResult) => void
}) {
  const navigate = useNavigate()
  const [chosen, setChosen] = useState<string[]>(items.map((i) => i.poCode))
  const [sending, setSending] = useState(false)

  const sign = async () => {
    if (sending || chosen.length === 0) return
    setSending(true)
    try {
      await signAdviser(
        scope,
        items.filter((i) => chosen.includes(i.poCode)),
        { isResign },
      )
      showSuccessToast('已签署成功')
      onDone('SUBMIT')
    } catch (error) {
      showFailToast(signFailureText(error))
      setSending(false)
    }
  }

  return (
    <CenterPopup visible bodyClassName="sign-items">
      <h3 className="sign-items__title">{title}</h3>
      <div className="sign-items__intro">{intro}</div>
      <Checkbox.Group value={chosen} onChange={(v) => setChosen(v as string[])}>
        <ul className="sign-items__list">
          {items.map((item) => (
            <li key={item.poCode}>
              <Checkbox value={item.poCode}>{item.poName}</Checkbox>
              <div className="sign-items__files">
                {item.fileList.map((f) => (
                  <a
                    key={String(f.fileId)}
                    role="link"
                    onClick={() =>
                      navigate(
                        `/outsideChain?${new URLSearchParams({ url: f.fileUrl, title: f.name })}`,
                      )
                    }
                  >
                    《{f.name}》
                  </a>
                ))}
              </div>
              {item.adviserFeeInfo?.feeUpperLimitStr && (
                <div className="sign-items__fee">
                  服务费上限：{item.adviserFeeInfo.feeUpperLimitStr}
                </div>
              )}
            </li>
          ))}
        </ul>
      </Checkbox.Group>
      <div className="sign-items__actions">
        {closable ? (
          <Button onClick={() => onDone('CLOSE')} disabled={sending}>
            {cancelText}
          </Button>
        ) : (
          <Button
            onClick={() => {
              onDone('CLOSE')
              navigate(-1)
            }}
            disabled={sending}
          >
            返回
          </Button>
        )}
        <Button
          color="primary"
          onClick={sign}
          disabled={chosen.length === 0 || sending}
          loading={sending}
          loadingText="签署中"
        >
          确认签署
        </Button>
      </div>
    </CenterPopup>
  )
}
