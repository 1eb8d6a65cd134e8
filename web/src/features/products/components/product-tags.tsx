import { Tag } from 'antd-mobile'
import '@/components/product-page.css'

/** Each risk level's colour, as the tag's text on white: every one reads at 4.5:1 or more
 * (WCAG AA for the tag's 11 px text), the green-to-red scale of the design kept. */
export const RISK_COLORS: Record<number, string> = {
  1: '#12824a',
  2: '#0e7c7c',
  3: '#3366e0',
  4: '#b85400',
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
