import { useState } from 'react'
import { Steps } from 'antd-mobile'
import { BriefContent } from '@/components/brief-content'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { formatNav, formatPercent } from '@/lib/format'
import { useAlgorithmConfig } from '../api/get-algorithm-config'
import { usePerformance } from '../api/get-performance'
import type { PoInfo } from '../api/get-po-info'
import { useSignals } from '../api/get-signals'
import type { StrategyInfo } from '../api/get-strategy-info'
import { AlgorithmBar, chooseAlgorithm } from '../components/algorithm-bar'
import { BuyBar } from '../components/buy-bar'
import { Composition } from '../components/composition'
import { Figure, Rate } from '../components/figures'
import { LinkList } from '../components/link-list'
import { NavDateLabel, StatusNotice } from '../components/notices'
import { PerformanceChart } from '../components/performance-chart'
import { ProductTags } from '../components/product-tags'
import { Section } from '@/components/section'
import { ReturnsTable, RiskTable, RollingOdds } from '../components/tables'
import { seriesAssetPath } from '@/features/targets'
import '@/components/product-page.css'

const TYPE_NAMES: Record<string, string> = {
  poFund: '基金组合',
  strategy: '目标策略',
  signal: '发车产品',
}

function Header({ po }: { po: PoInfo }) {
  const oneYear = po.returns.find((r) => r.period === '1y')
  const all = po.returns.find((r) => r.period === 'all')
  return (
    <Section>
      <div className="pd-header__name">
        {po.poName}
        <span className="pd-header__code">{po.poCode}</span>
      </div>
      <ProductTags
        typeName={po.isAdvisory ? '投顾组合' : TYPE_NAMES[po.productType]}
        riskLevel={po.riskLevel}
        riskLevelName={po.riskLevelName}
        statusText={po.status.statusText}
      />
      <div className="pd-figures">
        <Figure
          label={oneYear?.value ? '近1年收益' : '成立以来'}
          value={oneYear?.value ?? all?.value}
          rate
          big
        />
        <Figure label="成立以来" value={all?.value} rate align="center" />
        <Figure label="组合净值" value={formatNav(po.nav.nav)} align="right" />
      </div>
      <div style={{ marginTop: 8 }}>
        <NavDateLabel date={po.nav.navDate} updating={po.isNavUpdating} />
        {po.managerName && <span className="pd-muted"> · 主理人 {po.managerName}</span>}
      </div>
      <div className="pd-desc">{po.description}</div>
    </Section>
  )
}

function ChartSection({ po }: { po: PoInfo }) {
  const config = useAlgorithmConfig({ productCode: po.poCode, productType: po.productType })
  const [chosen, setChosen] = useState<string | undefined>()
  // a failed config read leaves the options empty (docs/api.md#generic-responses)
  const options = config.data?.performanceAlgorithm ?? []
  const current = chooseAlgorithm(options, chosen)
  return (
    <Section title="业绩走势">
      <AlgorithmBar
        loading={config.isPending}
        options={options}
        value={current?.algorithmType}
        onChange={setChosen}
        productCode={po.poCode}
        productType={po.productType}
      />
      {!config.isPending && (
        <PerformanceChart
          key={current?.algorithmType ?? 'default'}
          productCode={po.poCode}
          productType={po.productType}
          algorithmType={current?.algorithmType}
          name={po.poName}
        />
      )}
    </Section>
  )
}

function LatestSignal({ code }: { code: string }) {
  const navigate = useNavigate()
  const signals = useSignals({ productCode: code, size: 1 })
  // a failed read hides the card (docs/api.md#generic-responses)
  const latest = signals.data?.latestSignalInfo
  if (!latest) return null
  return (
    <Section
      title="最新发车"
      extra="历史发车 >"
      onExtra={() => navigate(`/poSignalHistory?poCode=${code}`)}
      className="pd-signal"
    >
      <div className="pd-figures" style={{ marginTop: 0 }}>
        <div>
          <div className="pd-figure__label">发车日期 {latest.sigDate}</div>
          <div className="pd-signal__rate">{Number(latest.autoFollowBuyRate)}倍</div>
          <div className="pd-muted">主理人 {signals.data?.managerName} 建议买入倍数</div>
        </div>
      </div>
      <BriefContent className="pd-desc" text={latest.description} />
      <div
        className="pd-algo__link"
        role="link"
        style={{ marginTop: 8 }}
        onClick={() => navigate(`/poSignalDetail?poCode=${code}&sigId=${latest.sigId}`)}
      >
        查看发车详情 &gt;
      </div>
    </Section>
  )
}

function TargetSection({ strategy }: { strategy: StrategyInfo }) {
  const navigate = useNavigate()
  const t = strategy.targetInfo
  const current = t.strategyPhaseList.findIndex((p) => p.currentPhase)
  return (
    <Section
      title={`目标止盈 · 第${t.periodNo}期`}
      extra={`目标收益 ${formatPercent(t.targetReturn)}`}
    >
      <Steps current={current < 0 ? 0 : current}>
        {t.strategyPhaseList.map((p) => (
          <Steps.Step
            key={`${p.periodNo}-${p.phaseType}`}
            title={p.phaseName}
            description={p.beginTime.slice(0, 10)}
            status={p.currentPhase ? 'process' : undefined}
          />
        ))}
      </Steps>
      <div
        className="pd-algo__link"
        role="link"
        style={{ marginTop: 8 }}
        onClick={() => navigate(seriesAssetPath(strategy.poCode))}
      >
        我的持仓与目标设置 &gt;
      </div>
      {t.history.length > 0 && (
        <table className="pd-table" style={{ marginTop: 8 }}>
          <thead>
            <tr>
              <th>往期</th>
              <th>运作</th>
              <th>结果</th>
              <th>期间收益</th>
            </tr>
          </thead>
          <tbody>
            {t.history.slice(0, 5).map((h) => (
              <tr key={h.periodNo}>
                <td>第{h.periodNo}期</td>
                <td className="pd-table__period">
                  {h.beginDate}~{h.endDate ?? '至今'}
                </td>
                <td>{h.result === 'REACHED' ? '已达标' : '已结束'}</td>
                <td>
                  <Rate value={h.periodReturn} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  )
}

/** The portfolio page (poProductDetail and, in its classic layout, oldPoProductDetail). */
export function PoDetailView({
  po,
  strategy,
  classic = false,
}: {
  po: PoInfo
  strategy?: StrategyInfo
  classic?: boolean
}) {
  const navigate = useNavigate()
  const performance = usePerformance({ productCode: po.poCode, productType: po.productType })
  const q = `productCode=${po.poCode}&productType=${po.productType}`
  const composition = (
    <Section
      title="组合配置"
      extra={
        po.lastAdjustDate ? `调仓${po.adjustCount}次 · 最近 ${po.lastAdjustDate} >` : undefined
      }
      onExtra={() => navigate(`/adjustHistory?poCode=${po.poCode}`)}
    >
      {po.assetAllocation.length > 0 ? (
        <Composition
          items={po.assetAllocation.map((a) => ({ name: a.assetClass, weight: a.weight }))}
          caption="资产配置"
        />
      ) : (
        <div className="pd-muted">本组合为黑盒策略，不披露具体持仓</div>
      )}
      {po.components.map((c) => (
        <div key={c.fundCode} className="pd-fund-row">
          <span>
            {c.fundName}
            <span className="pd-header__code">{c.fundTypeName}</span>
          </span>
          <b>{formatPercent(c.weight)}</b>
        </div>
      ))}
      <LinkList
        items={[
          {
            title: '调仓历史',
            to: `/adjustHistory?poCode=${po.poCode}`,
            extra: po.lastAdjustDate ?? '',
          },
        ]}
      />
    </Section>
  )
  const chart = <ChartSection po={po} />
  return (
    <div className="pd-page" data-testid={classic ? 'old-po-detail' : 'po-detail'}>
      <Header po={po} />
      <StatusNotice status={po.status} />
      {po.productType === 'signal' && <LatestSignal code={po.poCode} />}
      {strategy && <TargetSection strategy={strategy} />}
      {classic ? composition : chart}
      {classic ? chart : composition}
      <Section title="阶段收益" extra={po.benchmarkName ? `基准：${po.benchmarkName}` : undefined}>
        <ReturnsTable rows={po.returns} benchmarkName={po.benchmarkName} />
      </Section>
      <QueryView query={performance} loading={null}>
        {(p) =>
          p.risk.length > 0 ? (
            <>
              <Section title="风险指标">
                <RiskTable rows={p.risk} />
              </Section>
              <Section title="持有体验" extra="历史任意一天买入">
                <RollingOdds rows={p.rolling} />
              </Section>
            </>
          ) : null
        }
      </QueryView>
      <Section title="组合档案">
        <LinkList
          items={[
            { title: '组合档案', to: `/poArchive?${q}` },
            {
              title: '交易规则',
              to: `/newTradeRules?${q}`,
              extra: po.isAdvisory ? `投顾费 ${formatPercent(po.adviserFeeRate)}/年` : undefined,
            },
            { title: '产品资料', to: `/productDoc?${q}` },
            { title: '定期报告', to: `/reportList?${q}` },
            { title: '相关协议', to: `/protocolList?poCode=${po.poCode}` },
          ]}
        />
      </Section>
      <p className="pd-muted" style={{ padding: '12px 16px' }}>
        组合历史业绩根据组合调仓记录及基金净值计算，不代表未来表现，不构成收益承诺。投资有风险，入市需谨慎。
      </p>
      <BuyBar
        productCode={po.poCode}
        productType={po.productType}
        canBuy={po.status.canBuy}
        disabled={po.isDisableBuy}
        minPurchase={po.minPurchaseAmount}
        plan={po.productType !== 'signal'}
        follow={po.productType === 'signal'}
      />
    </div>
  )
}
