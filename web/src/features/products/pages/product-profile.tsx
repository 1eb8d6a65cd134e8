import { useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { formatLarge, formatMoney } from '@/lib/format'
import { useFundInfo } from '../api/get-fund-info'
import { KeyValue, Section } from '@/components/section'
import '@/components/product-page.css'

/** productProfile (productCode): the fund's facts (基金概况). */
export default function ProductProfile() {
  const [params] = useSearchParams()
  const query = useFundInfo({ fundCode: params.get('productCode') ?? params.get('fundCode') ?? '' })
  return (
    <QueryView query={query} emptyTitle="未指定产品">
      {(f) => (
        <div className="pd-page--plain" data-testid="product-profile">
          <Section title="基本信息">
            <KeyValue label="基金全称">{f.fundName}</KeyValue>
            <KeyValue label="基金代码">{f.fundCode}</KeyValue>
            <KeyValue label="基金类型">{f.fundTypeName}</KeyValue>
            <KeyValue label="风险等级">
              R{f.riskLevel} {f.riskLevelName}
            </KeyValue>
            <KeyValue label="成立日期">{f.inceptionDate}</KeyValue>
            <KeyValue label="基金规模">
              {formatLarge(f.scale)}元{f.scaleDate ? `（截至${f.scaleDate}）` : ''}
            </KeyValue>
            <KeyValue label="基金管理人">{f.companyName}</KeyValue>
            <KeyValue label="基金托管人">{f.custodian}</KeyValue>
            <KeyValue label="基金经理">{f.managers.map((m) => m.name).join('、') || '--'}</KeyValue>
          </Section>
          <Section title="投资信息">
            <KeyValue label="业绩比较基准">{f.benchmark}</KeyValue>
            <div className="pd-desc">{f.description}</div>
          </Section>
          <Section title="交易信息">
            <KeyValue label="最低买入">{formatMoney(f.minPurchaseAmount)}元</KeyValue>
            <KeyValue label="最低卖出">{formatMoney(f.minRedeemShares)}份</KeyValue>
            <KeyValue label="买入确认">T+{f.confirmDays}</KeyValue>
            <KeyValue label="卖出到账">T+{f.redeemSettleDays}</KeyValue>
          </Section>
        </div>
      )}
    </QueryView>
  )
}
