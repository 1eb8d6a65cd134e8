import './widgets.css'
import { useState } from 'react'
import { Checkbox, List, Popup } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { appPath } from '@/lib/env'

export interface Protocol {
  name: string
  url: string
  /** `paymentAgreement` marks a bank's payment authorisation (merged when several). */
  agreementType?: string
}

export interface ProtocolEntry extends Protocol {
  /** The documents behind a merged entry. */
  items?: Protocol[]
}

export const MAX_PROTOCOL_NAMES = 4
export const PAYMENT_AGREEMENT = 'paymentAgreement'
export const MERGED_PAYMENT_NAME = '银行授权支付服务协议'

/** Payment agreements become one entry 银行授权支付服务协议 when there is more than one
 * (docs/product.md#constants); the list shows at most 4 names, then 等相关协议
 * (docs/product.md#screens-and-routes). */
export function protocolEntries(protocols: Protocol[]): {
  shown: ProtocolEntry[]
  more: boolean
  all: ProtocolEntry[]
} {
  const payments = protocols.filter((p) => p.agreementType === PAYMENT_AGREEMENT)
  let all: ProtocolEntry[] = protocols
  if (payments.length > 1) {
    const first = protocols.findIndex((p) => p.agreementType === PAYMENT_AGREEMENT)
    const merged: ProtocolEntry = {
      name: MERGED_PAYMENT_NAME,
      url: '',
      agreementType: PAYMENT_AGREEMENT,
      items: payments,
    }
    all = protocols.filter((p) => p.agreementType !== PAYMENT_AGREEMENT)
    all.splice(first, 0, merged)
  }
  return { shown: all.slice(0, MAX_PROTOCOL_NAMES), more: all.length > MAX_PROTOCOL_NAMES, all }
}

export interface ProtocolAgreementProps {
  protocols: Protocol[]
  checked: boolean
  onChange: (checked: boolean) => void
  /** Default 我已阅读并同意. */
  prefix?: string
  className?: string
}

/** The agreement checkbox: 我已阅读并同意《…》《…》 (at most 4 names, then 等相关协议). A name
 * opens its document as an outside link (an app path opens in place); a merged entry or
 * 等相关协议 opens the list. */
export function ProtocolAgreement({
  protocols,
  checked,
  onChange,
  prefix = '我已阅读并同意',
  className,
}: ProtocolAgreementProps) {
  const navigate = useNavigate()
  const [list, setList] = useState<Protocol[] | null>(null)
  const { shown, more, all } = protocolEntries(protocols)

  const open = (p: ProtocolEntry) => {
    if (p.items) {
      setList(p.items)
      return
    }
    setList(null)
    if (!p.url) return // a name the server gave without its document
    // A page of this app opens in place; any other address in the outside-link viewer.
    const path = appPath(p.url)
    if (path) navigate(path)
    else navigate(`/outsideChain?${new URLSearchParams({ url: p.url, title: p.name })}`)
  }

  return (
    <div className={className ? `protocol-agreement ${className}` : 'protocol-agreement'}>
      <Checkbox checked={checked} onChange={onChange} style={{ '--icon-size': '16px' }}>
        <span className="protocol-agreement__text">{prefix}</span>
      </Checkbox>
      <span className="protocol-agreement__names">
        {shown.map((p) => (
          <a
            key={p.name}
            role="link"
            className="protocol-agreement__link"
            onClick={(e) => {
              e.stopPropagation()
              open(p)
            }}
          >
            《{p.name}》
          </a>
        ))}
        {more && (
          <a role="link" className="protocol-agreement__link" onClick={() => setList(all)}>
            等相关协议
          </a>
        )}
      </span>
      <Popup visible={list !== null} onMaskClick={() => setList(null)} bodyClassName="sheet">
        <List header="相关协议">
          {(list ?? []).map((p) => (
            <List.Item key={p.name} onClick={() => open(p)} arrowIcon>
              {p.name}
            </List.Item>
          ))}
        </List>
      </Popup>
    </div>
  )
}
