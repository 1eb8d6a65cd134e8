import { useState } from 'react'
import { Tabs } from 'antd-mobile'
import { useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useStoreLink, useViewerToken } from '@/features/store'
import { useAlgorithmConfig } from '../api/get-algorithm-config'
import { chooseAlgorithm } from '../components/algorithm-bar'
import { KeyValue, Section } from '@/components/section'
import '@/components/product-page.css'

function Description() {
  const [params] = useSearchParams()
  const [chosen, setChosen] = useState(params.get('algorithmType') ?? undefined)
  const query = useAlgorithmConfig({
    productCode: params.get('productCode') ?? undefined,
    productType: params.get('productType') ?? undefined,
  })
  return (
    <QueryView
      query={query}
      isEmpty={(d) => d.performanceAlgorithm.length === 0}
      emptyTitle="暂无算法说明"
      loading={
        <div className="pd-muted" style={{ padding: 16 }}>
          算法配置加载中...
        </div>
      }
    >
      {(d) => {
        const options = d.performanceAlgorithm
        const current = chooseAlgorithm(options, chosen)!
        return (
          <div className="pd-page--plain" data-testid="algorithm-description">
            {options.length >= 2 && (
              <Tabs
                activeKey={current.algorithmType}
                onChange={setChosen}
                style={{ background: '#fff' }}
              >
                {options.map((o) => (
                  <Tabs.Tab key={o.algorithmType} title={o.algorithmName} />
                ))}
              </Tabs>
            )}
            <Section title={current.algorithmName}>
              <p className="pd-desc">{current.algorithmDesc}</p>
              <KeyValue label="显示业绩基准">{current.showBenchmark ? '是' : '否'}</KeyValue>
              <KeyValue label="标注调仓/交易点">{current.showTradePoint ? '是' : '否'}</KeyValue>
              <KeyValue label="标注发车点">
                {current.showSignalPoint || current.showPoint ? '是' : '否'}
              </KeyValue>
            </Section>
          </div>
        )
      }}
    </QueryView>
  )
}

/** algorithm-description (algorithmType): what each chart algorithm computes. Open to anyone:
 * a visitor token is taken when there is no session. */
export default function AlgorithmDescription() {
  const token = useViewerToken(useStoreLink())
  if (token.error)
    return (
      <div className="pd-muted" style={{ padding: 16 }}>
        {token.error}
      </div>
    )
  return token.ready ? (
    <Description />
  ) : (
    <div className="pd-muted" style={{ padding: 16 }}>
      算法配置加载中...
    </div>
  )
}
