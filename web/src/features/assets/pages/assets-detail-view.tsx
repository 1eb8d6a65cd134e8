import { Button, List } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import {
  formatMoney,
  formatNav,
  formatNumber,
  formatPercent,
  formatSigned,
  toDecimal,
  trendColor,
} from '@/lib/format'
import { useAssetDetail } from '../api/get-asset-detail'
import type { AssetDetail, ShareRow } from '../api/types'
import { AssetTags } from '../components/asset-tags'
import { AssetTrendChart } from '../components/asset-trend-chart'
import { accountPath, tradePath } from '../lib/links'
import { hasSharesToSell } from '../lib/sellable'
import '../assets.css'

const DIVIDEND_TEXT: Record<string, string> = { cash: '现金分红', reinvest: '红利再投资' }

function Figure({ label, value, signed }: { label: string; value: unknown; signed?: boolean }) {
  return (
    <div className="asset-hero__figure">
      <span>{label}</span>
      <strong style={signed ? { color: trendColor(value) } : undefined}>
        {signed ? formatSigned(value) : formatMoney(value)}
      </strong>
    </div>
  )
}

/** One fund held alone: its shares, NAV, cost and dividend method. */
function FundRows({ row }: { row: ShareRow }) {
  return (
    <List header="持仓信息" className="asset-list">
      <List.Item extra={formatNumber(row.shares)}>持有份额</List.Item>
      {row.availableShares !== undefined && (
        <List.Item extra={formatNumber(row.availableShares)}>可用份额</List.Item>
      )}
      <List.Item extra={`${formatNav(row.nav)}${row.navDate ? `（${row.navDate.slice(5)}）` : ''}`}>
        最新净值
      </List.Item>
      <List.Item extra={formatMoney(row.cost)}>持仓成本</List.Item>
      {row.dividendMethod && (
        <List.Item extra={DIVIDEND_TEXT[row.dividendMethod] ?? row.dividendMethod}>
          分红方式
        </List.Item>
      )}
    </List>
  )
}

/** The component funds of a portfolio (or what is left of a broken-up one). */
function ComponentRows({
  rows,
  onRedeem,
}: {
  rows: ShareRow[]
  onRedeem?: (row: ShareRow) => void
}) {
  return (
    <div className="asset-card">
      <div className="asset-card__title">持仓明细</div>
      <div className="asset-shares" role="table">
        <div className="asset-shares__row asset-shares__row--head" role="row">
          <span>基金</span>
          <span>市值/份额</span>
          <span>持有收益</span>
        </div>
        {rows.map((r) => (
          <div key={r.fundCode} className="asset-shares__row" role="row" data-testid="share-row">
            <span>
              {r.fundName}
              <em>{r.fundCode}</em>
            </span>
            <span>
              {formatMoney(r.marketValue)}
              <em>{formatNumber(r.shares)}份</em>
            </span>
            <span style={{ color: trendColor(r.holdingProfit) }}>
              {formatSigned(r.holdingProfit)}
              {onRedeem && toDecimal(r.availableShares ?? r.shares)?.gt(0) && (
                <button type="button" className="asset-shares__sell" onClick={() => onRedeem(r)}>
                  卖出
                </button>
              )}
            </span>
          </div>
        ))}
      </div>
    </div>
  )
}

function DetailBody({
  detail,
  financialAccountId,
  brokeUp,
}: {
  detail: AssetDetail
  financialAccountId: number
  brokeUp: boolean
}) {
  const navigate = useNavigate()
  const { item } = detail
  const tags = item.tags ?? []
  const pending = toDecimal(item.pendingAmount)
  const isFund = item.productType.toUpperCase() !== 'PO'
  const isDirectFund = !brokeUp && item.productType.toUpperCase() === 'FUND'
  // the wallet is taken out of and put into (取现 / 充值, the titles of the screens they open)
  const isWallet = item.productType.toUpperCase() === 'WALLET'
  const cannotSell = tags.includes('暂停赎回') || !hasSharesToSell(detail)
  const sub = (page: string) =>
    navigate(accountPath(page, financialAccountId, { productCode: item.productCode }))
  return (
    <div className="asset-detail">
      <div className="asset-hero">
        <div className="asset-hero__name">
          {item.productName}
          <span className="asset-hero__code">{item.productCode}</span>
          <AssetTags tags={tags} />
        </div>
        <div className="asset-hero__label">持仓金额（元）</div>
        <div className="asset-hero__amount">{formatMoney(item.holdingAsset)}</div>
        {pending && pending.gt(0) && (
          <div className="asset-hero__pending">当前资产待确认 {formatMoney(pending)} 元</div>
        )}
        <div className="asset-hero__figures">
          <Figure label="昨日收益" value={item.preProfit} signed />
          <Figure label="持有收益" value={item.holdingProfit} signed />
          <div className="asset-hero__figure">
            <span>持有收益率</span>
            <strong style={{ color: trendColor(item.holdingProfitRate) }}>
              {formatPercent(item.holdingProfitRate, { signed: true })}
            </strong>
          </div>
          <Figure label="累计收益" value={item.accProfit} signed />
        </div>
        {item.profitDate && <div className="asset-hero__date">收益更新至 {item.profitDate}</div>}
      </div>
      {brokeUp && (
        <div className="asset-note asset-note--box">
          该组合已拆散，组合内基金按单只基金持有，可分别卖出。
        </div>
      )}
      <AssetTrendChart trend={detail.trend} trades={detail.trades} />
      {isFund && detail.holdings.length === 1 ? (
        <FundRows row={detail.holdings[0]} />
      ) : (
        detail.holdings.length > 0 && (
          <ComponentRows
            rows={detail.holdings}
            onRedeem={
              brokeUp
                ? (r) => navigate(tradePath('redeem', r.fundCode, 'FUND', financialAccountId))
                : undefined
            }
          />
        )
      )}
      <List className="asset-list">
        <List.Item onClick={() => sub('/assetsTransactionRecord')}>交易记录</List.Item>
        <List.Item onClick={() => sub('/assetsProfitDetail')}>收益明细</List.Item>
      </List>
      <div className="asset-actions" data-testid="asset-actions">
        {/* a broken-up portfolio is sold fund by fund, from its rows */}
        {!brokeUp && (
          <Button
            fill="outline"
            data-testid="asset-redeem"
            disabled={cannotSell}
            onClick={() =>
              navigate(tradePath('redeem', item.productCode, item.productType, financialAccountId))
            }
          >
            {isWallet ? '取现' : '卖出'}
          </Button>
        )}
        {/* 基金转换: a fund held on its own, into another fund of the same company */}
        {isDirectFund && (
          <Button
            fill="outline"
            data-testid="asset-convert"
            disabled={cannotSell}
            onClick={() =>
              navigate(
                accountPath('/convert/shelf', financialAccountId, { fundCode: item.productCode }),
              )
            }
          >
            转换
          </Button>
        )}
        <Button
          color="primary"
          disabled={tags.includes('暂停申购')}
          onClick={() =>
            navigate(tradePath('allot', item.productCode, item.productType, financialAccountId))
          }
        >
          {isWallet ? '充值' : '买入'}
        </Button>
      </div>
    </div>
  )
}

/** assetsDetail and brokeUp-assetsDetail (docs/product.md#screens-and-routes; productCode,
 * productType, financialAccountId, fundType): a holding's figures, its chart with its trades, its
 * share rows, its records, and 买入 / 卖出 (充值 / 取现 for the wallet). */
export function AssetsDetailView({ brokeUp }: { brokeUp: boolean }) {
  const [params] = useSearchParams()
  const productCode = params.get('productCode') ?? ''
  const financialAccountId = Number(params.get('financialAccountId')) || 0
  const query = useAssetDetail(financialAccountId, productCode)
  return (
    <QueryView query={query} rows={6} emptyTitle="暂无持仓信息">
      {(detail) => (
        <DetailBody detail={detail} financialAccountId={financialAccountId} brokeUp={brokeUp} />
      )}
    </QueryView>
  )
}
