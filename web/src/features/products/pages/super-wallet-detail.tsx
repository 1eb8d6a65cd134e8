import { useState } from 'react'
import { Tabs } from 'antd-mobile'
import { ProductCard } from '@/components/product-card'
import { QueryView } from '@/components/query-view'
import { formatMoney, formatNav } from '@/lib/format'
import { useFundInfo } from '../api/get-fund-info'
import { useWalletFunds } from '../api/get-wallet-funds'
import { BuyBar } from '../components/buy-bar'
import { Figure } from '../components/figures'
import { LinkList } from '../components/link-list'
import { NavDateLabel } from '../components/notices'
import { PerformanceChart, type ChartMode } from '../components/performance-chart'
import { KeyValue, Section } from '@/components/section'
import '@/components/product-page.css'

const WALLET = '000509'

/** superWalletDetail: the wallet's money-market fund (七日年化, 万份收益 and their charts),
 * the funds behind the super wallet, and its rules. */
export default function SuperWalletDetail() {
  const wallet = useWalletFunds()
  const fund = useFundInfo({ fundCode: WALLET })
  const [mode, setMode] = useState<ChartMode>('yield')
  return (
    <QueryView query={fund}>
      {(f) => (
        <div className="pd-page" data-testid="super-wallet">
          <Section>
            <div className="pd-header__name">{wallet.data?.walletName ?? '钱包'}</div>
            <div className="pd-figures">
              <Figure label="七日年化" value={f.nav.yield7d} rate signed={false} big />
              <Figure label="万份收益（元）" value={formatNav(f.nav.incomePer10k)} align="right" />
            </div>
            <div style={{ marginTop: 8 }}>
              <NavDateLabel date={f.nav.navDate} updating={f.isNavUpdating} />
            </div>
          </Section>
          <Section>
            <Tabs activeKey={mode} onChange={(k) => setMode(k as ChartMode)}>
              <Tabs.Tab key="yield" title="七日年化" />
              <Tabs.Tab key="income" title="万份收益" />
            </Tabs>
            <PerformanceChart
              key={mode}
              productCode={WALLET}
              productType="wallet"
              mode={mode}
              defaultPeriod="3m"
            />
          </Section>
          <Section title="钱包规则">
            <KeyValue label="起存金额">{formatMoney(wallet.data?.minPurchaseAmount)}元</KeyValue>
            <KeyValue label="收益计算">T日15:00前充值，T+1日确认并开始计算收益</KeyValue>
            <KeyValue label="收益发放">每日结转为份额</KeyValue>
            <KeyValue label="取现">普通取现T+1到账；快速取现实时到账，单日限额</KeyValue>
          </Section>
          <Section title="底层货币基金">
            <QueryView query={wallet} isEmpty={(d) => d.funds.length === 0}>
              {(d) => d.funds.map((c) => <ProductCard key={c.productCode} card={c} />)}
            </QueryView>
          </Section>
          <Section>
            <LinkList
              items={[
                { title: '钱包规则', to: '/superWalletRules' },
                { title: '交易规则', to: `/tradeRules?productCode=${WALLET}&productType=wallet` },
                {
                  title: '产品协议',
                  to: `/productProtocol?productCode=${WALLET}&productType=wallet`,
                },
              ]}
            />
          </Section>
          <BuyBar
            productCode={WALLET}
            productType="wallet"
            canBuy={f.status.canBuy}
            disabled={f.isDisableBuy}
            minPurchase={wallet.data?.minPurchaseAmount}
            redeem
          />
        </div>
      )}
    </QueryView>
  )
}
