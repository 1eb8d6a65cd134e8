import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { LightTabs } from '@/components/light-tabs'
import { QueryView } from '@/components/query-view'
import { formatLarge, formatNav, formatPercent } from '@/lib/format'
import { useFundInfo, type FundInfo } from '../api/get-fund-info'
import { usePerformance } from '../api/get-performance'
import { BuyBar } from '../components/buy-bar'
import { Figure } from '../components/figures'
import { LinkList } from '../components/link-list'
import { NavDateLabel, StatusNotice, TradingTimeNotice } from '../components/notices'
import { PerformanceChart, type ChartMode } from '../components/performance-chart'
import { ProductTags } from '../components/product-tags'
import { Section } from '@/components/section'
import { ReturnsTable, RiskTable, RollingOdds } from '../components/tables'
import '@/components/product-page.css'

function Header({ fund }: { fund: FundInfo }) {
  const oneYear = fund.returns.find((r) => r.period === '1y')
  const sinceStart = fund.returns.find((r) => r.period === 'all')
  return (
    <Section>
      <div className="pd-header__name">
        {fund.shortName}
        <span className="pd-header__code">{fund.fundCode}</span>
      </div>
      <ProductTags
        typeName={fund.fundTypeName}
        riskLevel={fund.riskLevel}
        riskLevelName={fund.riskLevelName}
        statusText={fund.status.statusText}
        extra={fund.isPension ? ['个人养老金'] : []}
      />
      {fund.isMoneyMarket ? (
        <div className="pd-figures">
          <Figure label="七日年化" value={fund.nav.yield7d} rate signed={false} big />
          <Figure label="万份收益（元）" value={formatNav(fund.nav.incomePer10k)} align="center" />
          <Figure label="成立以来" value={sinceStart?.value} rate align="right" />
        </div>
      ) : (
        <div className="pd-figures">
          <Figure
            label={oneYear?.value ? '近1年涨跌幅' : '成立以来'}
            value={oneYear?.value ?? sinceStart?.value}
            rate
            big
          />
          <Figure label="单位净值" value={formatNav(fund.nav.nav)} align="center" />
          <Figure label="日涨跌幅" value={fund.nav.dayGrowth} rate align="right" />
        </div>
      )}
      <div style={{ marginTop: 8 }}>
        <NavDateLabel date={fund.nav.navDate} updating={fund.isNavUpdating} />
      </div>
    </Section>
  )
}

function FundPage({ fund }: { fund: FundInfo }) {
  const [mode, setMode] = useState<ChartMode>(fund.isMoneyMarket ? 'yield' : 'return')
  const performance = usePerformance({ productCode: fund.fundCode })
  const manager = fund.managers[0]
  const q = `productCode=${fund.fundCode}&productType=${fund.productType}`
  return (
    <div className="pd-page">
      <Header fund={fund} />
      <StatusNotice status={fund.status} />
      <TradingTimeNotice start={fund.tradeLimitStartTime} end={fund.tradeLimitEndTime} />
      <Section>
        <LightTabs
          activeKey={mode}
          onChange={(k) => setMode(k as ChartMode)}
          tabs={
            fund.isMoneyMarket
              ? [
                  { key: 'yield', title: '七日年化' },
                  { key: 'income', title: '万份收益' },
                ]
              : [
                  { key: 'return', title: '业绩走势' },
                  { key: 'nav', title: '单位净值' },
                ]
          }
        />
        <PerformanceChart
          key={mode}
          productCode={fund.fundCode}
          productType={fund.productType}
          mode={mode}
          name={fund.shortName}
          defaultPeriod={fund.isMoneyMarket ? '3m' : '1y'}
        />
      </Section>
      <Section
        title="阶段涨幅"
        extra={fund.benchmarkName ? `基准：${fund.benchmarkName}` : undefined}
      >
        <ReturnsTable rows={fund.returns} benchmarkName={fund.benchmarkName} />
      </Section>
      <QueryView query={performance} loading={null}>
        {(p) =>
          p.risk.length > 0 && !fund.isMoneyMarket ? (
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
      <Section title="基金档案">
        <LinkList
          items={[
            ...(manager
              ? [
                  {
                    title: '基金经理',
                    to: `/productManager?fundCode=${fund.fundCode}`,
                    extra: `${manager.name} · 任职回报 ${formatPercent(manager.tenureReturn, { signed: true })}`,
                  },
                ]
              : []),
            {
              title: '基金概况',
              to: `/productProfile?${q}`,
              extra: `规模 ${formatLarge(fund.scale)}元`,
            },
            {
              title: '交易规则',
              to: `/tradeRules?${q}`,
              extra: fund.isMoneyMarket
                ? '0费率'
                : `买入费率 ${formatPercent(fund.purchaseFeeRateDiscounted)}`,
            },
            { title: '基金公告', to: `/prodReportList?${q}` },
            { title: '定期报告', to: `/reportList?${q}` },
            { title: '产品资料', to: `/productDoc?${q}` },
            {
              title: '基金公司',
              to: `/organizationInfo?companyId=${fund.companyId}`,
              extra: fund.companyName,
            },
            { title: '产品协议', to: `/productProtocol?${q}` },
          ]}
        />
      </Section>
      <p className="pd-muted" style={{ padding: '12px 16px' }}>
        基金过往业绩不预示其未来表现，基金管理人管理的其他基金的业绩不构成本基金业绩表现的保证。基金有风险，投资须谨慎。
      </p>
      <BuyBar
        productCode={fund.fundCode}
        productType={fund.productType}
        canBuy={fund.status.canBuy}
        disabled={fund.isDisableBuy}
        minPurchase={fund.minPurchaseAmount}
        // a pension fund is bought with pension money only, into the pension account, and
        // never by a plan's card or wallet charge (docs/pension.md)
        plan={!fund.isMoneyMarket && !fund.isPension}
        pension={fund.isPension}
      />
    </div>
  )
}

/** fundProductDetail (productCode or fundCode): a fund and how it performed. */
export default function FundProductDetail() {
  const [params] = useSearchParams()
  const code = params.get('productCode') ?? params.get('fundCode') ?? ''
  const query = useFundInfo({ fundCode: code })
  return (
    <QueryView query={query} isEmpty={() => !code} emptyTitle="未指定产品">
      {(fund) => <FundPage fund={fund} />}
    </QueryView>
  )
}
