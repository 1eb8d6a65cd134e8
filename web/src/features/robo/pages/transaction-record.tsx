/**
 * 交易记录 (advisor/transactionRecord, serviceAccountId): the robo account's orders — deposits,
 * withdrawals, adjustments, adviser fees, dividends — newest first, each opening on
 * advisor/transactionDetail; and the money in and out of the account (getAssetPayments).
 */
import { Tabs } from 'antd-mobile'
import { useState } from 'react'
import { QueryView } from '@/components/query-view'
import { KeyValue, Section } from '@/components/section'
import { formatMoney } from '@/lib/format'
import { useIdParam } from '@/features/advisory'
import { usePayments, useRoboOrders } from '../api/queries'
import { RoboOrderRow } from '../components/robo-order-row'
import '../robo.css'

const KIND: Record<string, string> = {
  DEPOSIT: '投入',
  WITHDRAW: '取出',
  DIVIDEND: '分红',
  FEE: '投顾服务费',
}

export default function TransactionRecordPage() {
  const id = useIdParam('serviceAccountId')
  const [tab, setTab] = useState('orders')
  const orders = useRoboOrders(id)
  const payments = usePayments(id)
  return (
    <div className="fa-page fa-page--plain" data-testid="robo-transactions">
      <Tabs activeKey={tab} onChange={setTab}>
        <Tabs.Tab title="交易订单" key="orders" />
        <Tabs.Tab title="资金流水" key="payments" />
      </Tabs>
      {tab === 'orders' ? (
        <Section>
          <QueryView
            query={orders}
            rows={5}
            isEmpty={(d) => d.list.length === 0}
            emptyTitle="暂无交易记录"
          >
            {(d) => (
              <>
                {d.list.map((o) => (
                  <RoboOrderRow key={o.brokerOrderNo} order={o} serviceAccountId={id} />
                ))}
              </>
            )}
          </QueryView>
        </Section>
      ) : (
        <QueryView
          query={payments}
          rows={5}
          isEmpty={(d) => d.list.length === 0}
          emptyTitle="暂无资金流水"
        >
          {(d) => (
            <Section>
              <KeyValue label="累计投入(元)">{formatMoney(d.totalIn)}</KeyValue>
              <KeyValue label="累计取出(元)">{formatMoney(d.totalOut)}</KeyValue>
              {d.list.map((p, i) => (
                <div className="fa-row" key={i}>
                  <div className="fa-row__main">
                    {KIND[p.kind] ?? p.kind}
                    <div className="fa-row__sub">{p.date}</div>
                  </div>
                  <div className="fa-row__end">{formatMoney(p.amount)}</div>
                </div>
              ))}
            </Section>
          )}
        </QueryView>
      )}
    </div>
  )
}
