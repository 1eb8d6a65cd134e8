import { Popover, Tabs } from 'antd-mobile'
import { QuestionCircleOutline } from 'antd-mobile-icons'
import { useNavigate } from 'react-router'
import type { AlgorithmConfig } from '../api/get-algorithm-config'
import '@/components/product-page.css'

type Option = AlgorithmConfig['performanceAlgorithm'][number]

/** The chosen option: the one asked for, else the option of order 1, else the first
 * (docs/product.md#screens-and-routes, algorithm description page). */
export function chooseAlgorithm(options: Option[], chosen?: string | null): Option | undefined {
  return (
    options.find((o) => o.algorithmType === chosen) ??
    options.find((o) => o.order === 1) ??
    options[0]
  )
}

/** The algorithm switch bar of a portfolio chart: shown only with two or more options, with
 * a description bubble and the link to the algorithm description page. */
export function AlgorithmBar({
  loading,
  options,
  value,
  onChange,
  productCode,
  productType,
}: {
  loading: boolean
  options: Option[]
  value?: string
  onChange: (algorithmType: string) => void
  productCode: string
  productType: string
}) {
  const navigate = useNavigate()
  if (loading) return <div className="pd-muted">算法配置加载中...</div>
  if (options.length < 2) return null
  const current = chooseAlgorithm(options, value)
  return (
    <div className="pd-algo" data-testid="algorithm-bar">
      <Tabs
        activeKey={current?.algorithmType}
        onChange={onChange}
        style={{ '--title-font-size': '14px', flex: 1 } as React.CSSProperties}
      >
        {options.map((o) => (
          <Tabs.Tab key={o.algorithmType} title={o.algorithmName} />
        ))}
      </Tabs>
      <Popover
        content={<div style={{ maxWidth: 240, fontSize: 12 }}>{current?.algorithmDesc}</div>}
        trigger="click"
        placement="bottom-end"
      >
        <QuestionCircleOutline aria-label="算法说明气泡" style={{ color: '#696e78' }} />
      </Popover>
      <span
        className="pd-algo__link"
        role="link"
        onClick={() =>
          navigate(
            `/algorithm-description?algorithmType=${current?.algorithmType ?? ''}&productCode=${productCode}&productType=${productType}`,
          )
        }
      >
        算法说明
      </span>
    </div>
  )
}
