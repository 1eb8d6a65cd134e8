/**
 * 资产订单 (fa/assetOrder, serviceAccountId, tab): the account's orders — deposits, withdrawals,
 * adjustments and adviser fees, each opening on fa/order — and its adjustments (tab=adjustment).
 * Opened as 调仓记录 (advisor/adjustRecord), it shows the adjustments unless told otherwise.
 */
import { ErrorBlock, Tabs } from 'antd-mobile'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { Section } from '@/components/section'
import { useHomeComponent } from '../api/get-home-component'
import type { PlacedOrder } from '../api/types'
import { AdjustmentRow, type AdjustmentRowData } from '../components/home-component'
import { OrderLine } from '../components/order-line'
import { useIdParam } from '../lib/params'
import '../advisory.css'

function Orders({ serviceAccountId }: { serviceAccountId: number }) {
  const query = useHomeComponent({ serviceAccountId, componentType: 'TRANSACTION_HISTORY' })
  return (
    <QueryView
      query={query}
      rows={4}
      isEmpty={(d) => !(d.data.orderList as unknown[] | undefined)?.length}
      empty={<ErrorBlock status="empty" title="暂无交易记录" description="" />}
    >
      {(d) => (
        <>
          {(d.data.orderList as PlacedOrder[]).map((o) => (
            <OrderLine key={o.brokerOrderNo} order={o} />
          ))}
        </>
      )}
    </QueryView>
  )
}

function Adjustments({ serviceAccountId }: { serviceAccountId: number }) {
  const query = useHomeComponent({ serviceAccountId, componentType: 'ADJUSTMENT_HISTORY' })
  return (
    <QueryView
      query={query}
      rows={4}
      isEmpty={(d) => !(d.data.adjustmentList as unknown[] | undefined)?.length}
      empty={<ErrorBlock status="empty" title="暂无调仓记录" description="" />}
    >
      {(d) => (
        <>
          {(d.data.adjustmentList as AdjustmentRowData[]).map((a) => (
            <AdjustmentRow key={a.adjustmentId} a={a} />
          ))}
        </>
      )}
    </QueryView>
  )
}

export default function AssetOrderPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const serviceAccountId = useIdParam('serviceAccountId')
  const fallback = useLocation().pathname.endsWith('/adjustRecord') ? 'adjustment' : 'orders'
  const asked = params.get('tab')
  const tab = asked === 'adjustment' || asked === 'orders' ? asked : fallback
  return (
    <div className="fa-page fa-page--plain" data-testid="fa-asset-order">
      <Section>
        <Tabs
          activeKey={tab}
          onChange={(k) => {
            const next = new URLSearchParams(params)
            if (k === fallback) next.delete('tab')
            else next.set('tab', k)
            navigate(`?${next}`, { replace: true })
          }}
        >
          <Tabs.Tab title="交易记录" key="orders">
            <Orders serviceAccountId={serviceAccountId} />
          </Tabs.Tab>
          <Tabs.Tab title="调仓记录" key="adjustment">
            <Adjustments serviceAccountId={serviceAccountId} />
          </Tabs.Tab>
        </Tabs>
      </Section>
    </div>
  )
}
