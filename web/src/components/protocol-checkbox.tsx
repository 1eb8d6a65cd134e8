import './widgets.css'
import { Checkbox } from 'antd-mobile'
import { Link } from 'react-router'

export interface Protocol {
  name: string
  to: string
}

interface Props {
  checked: boolean
  onChange: (checked: boolean) => void
  protocols: Protocol[]
}

const MAX_SHOWN = 4

/** 我已阅读并同意 《…》 (spec 000 §2 widgets): at most four names, then 等相关协议. */
export function ProtocolCheckbox({ checked, onChange, protocols }: Props) {
  const shown = protocols.slice(0, MAX_SHOWN)
  return (
    <div className="agree-protocols">
      <Checkbox checked={checked} onChange={onChange} style={{ '--icon-size': '16px' }}>
        <span className="agree-protocols__text">我已阅读并同意</span>
      </Checkbox>
      <span className="agree-protocols__list">
        {shown.map((p) => (
          <Link key={p.name} to={p.to}>
            《{p.name}》
          </Link>
        ))}
        {protocols.length > MAX_SHOWN && <span>等相关协议</span>}
      </span>
    </div>
  )
}
