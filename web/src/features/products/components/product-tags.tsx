import { Tag } from 'antd-mobile'
import '@/components/product-page.css'

const RISK_COLORS: Record<number, string> = {
  1: '#12824a',
  2: '#13a8a8',
  3: '#3a6ff0',
  4: '#f08c2e',
  5: '#d6262d',
}

/** Risk level tag: "R4 中高风险". */
export function RiskTag({ level, name }: { level: number; name: string }) {
  return (
    <Tag fill="outline" color={RISK_COLORS[level] ?? '#696e78'}>
      R{level} {name}
    </Tag>
  )
}

/** The tags under a product's name: type, risk, status (暂停申购 …), extras. */
export function ProductTags({
  typeName,
  riskLevel,
  riskLevelName,
  statusText,
  extra = [],
}: {
  typeName?: string
  riskLevel: number
  riskLevelName: string
  statusText?: string
  extra?: string[]
}) {
  return (
    <div className="pd-tags">
      {typeName && (
        <Tag fill="outline" color="#696e78">
          {typeName}
        </Tag>
      )}
      <RiskTag level={riskLevel} name={riskLevelName} />
      {statusText && <Tag color="warning">{statusText}</Tag>}
      {extra.map((t) => (
        <Tag key={t} fill="outline" color="primary">
          {t}
        </Tag>
      ))}
    </div>
  )
}
