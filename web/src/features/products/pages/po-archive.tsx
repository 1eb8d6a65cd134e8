import { useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { formatPercent } from '@/lib/format'
import { usePerformance } from '../api/get-performance'
import { usePoInfo } from '../api/get-po-info'
import { LinkList } from '../components/link-list'
import { KeyValue, Section } from '@/components/section'
import { YearsTable } from '../components/tables'
import '@/components/product-page.css'

/** poArchive (productCode): a portfolio's record (组合档案): facts, strategy, the yearly
 * returns against its benchmark, and its documents. */
export default function PoArchive() {
  const [params] = useSearchParams()
  const code = params.get('productCode') ?? params.get('poCode') ?? ''
  const po = usePoInfo({ poCode: code })
  const perf = usePerformance({ productCode: code })
  return (
    <QueryView query={po} emptyTitle="未指定组合">
      {(p) => (
        <div className="pd-page--plain" data-testid="po-archive">
          <Section title={p.poName}>
            <KeyValue label="组合代码">{p.poCode}</KeyValue>
            <KeyValue label="成立日期">{p.inceptionDate}</KeyValue>
            <KeyValue label="主理人">{p.managerName || '--'}</KeyValue>
            <KeyValue label="投顾团队">{p.teamName ?? '--'}</KeyValue>
            <KeyValue label="风险等级">
              R{p.riskLevel} {p.riskLevelName}
            </KeyValue>
            <KeyValue label="业绩基准">{p.benchmarkName ?? '--'}</KeyValue>
            <KeyValue label="调仓次数">{p.adjustCount}次</KeyValue>
            <KeyValue label="最近调仓">{p.lastAdjustDate ?? '--'}</KeyValue>
            {p.isAdvisory && (
              <KeyValue label="投顾服务费">{formatPercent(p.adviserFeeRate)}/年</KeyValue>
            )}
          </Section>
          <Section title="投资策略">
            <p className="pd-desc">{p.investmentStrategy}</p>
          </Section>
          <Section title="历年收益">
            <QueryView query={perf} isEmpty={(d) => d.years.length === 0}>
              {(d) => <YearsTable rows={d.years} />}
            </QueryView>
          </Section>
          <Section>
            <LinkList
              items={[
                { title: '调仓历史', to: `/adjustHistory?poCode=${p.poCode}` },
                { title: '产品资料', to: `/productDoc?productCode=${p.poCode}` },
                { title: '相关协议', to: `/protocolList?poCode=${p.poCode}` },
              ]}
            />
          </Section>
        </div>
      )}
    </QueryView>
  )
}
