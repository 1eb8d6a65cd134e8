/**
 * 取出 (advisor/roboWithdraw, serviceAccountId): a share of every fund of the robo account (25 %,
 * 50 %, 75 % or 全部) sold in proportion, to the wallet or the card; prepareWithdraw shows what
 * each fund brings, the redemption fees and the adviser fee charged with it. The trade password
 * places the P03 order, which opens on advisor/transactionDetail.
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Button, Radio, Selector, Space } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { KeyValue, Section } from '@/components/section'
import { ApiError } from '@/lib/api-client'
import { formatMoney, formatNumber } from '@/lib/format'
import { useIdParam, usePasswordWrite, WITHDRAW_RATIOS } from '@/features/advisory'
import { useHomepage } from '../api/queries'
import type { RoboAccount } from '../api/types'
import { prepareWithdraw, withdraw } from '../api/writes'
import { advisorPath } from '../lib/paths'
import '../robo.css'

function Form({ account }: { account: RoboAccount }) {
  const navigate = useNavigate()
  const id = account.serviceAccountId
  const [ratio, setRatio] = useState<string>(WITHDRAW_RATIOS[1].ratio)
  const [to, setTo] = useState<'wallet' | 'card'>('wallet')
  const write = usePasswordWrite()
  const query = useQuery({
    queryKey: ['robo', 'prepare-withdraw', id, ratio],
    queryFn: () => prepareWithdraw(id, ratio),
    retry: false,
  })
  const estimate = {
    p: query.data ?? null,
    error: query.error ? (query.error instanceof ApiError ? query.error.message : '试算失败') : '',
  }

  const submit = () =>
    write.ask({
      description: `取出 ${WITHDRAW_RATIOS.find((r) => r.ratio === ratio)?.label}`,
      match: { productCode: account.poCode },
      run: (p) => withdraw({ serviceAccountId: id, ratio, redeemTo: to, ...p }),
      done: (order) =>
        navigate(
          advisorPath('transactionDetail', {
            serviceAccountId: id,
            brokerOrderNo: order.brokerOrderNo,
          }),
          {
            replace: true,
          },
        ),
    })

  const e = estimate.p
  return (
    <div className="fa-page" data-testid="robo-withdraw-page">
      <Section title={account.roboServiceName}>
        <KeyValue label="总资产(元)">{formatMoney(account.holdingAsset)}</KeyValue>
        <div className="robo-question__title">取出比例</div>
        <Selector
          columns={4}
          options={WITHDRAW_RATIOS.map((r) => ({ label: r.label, value: r.ratio }))}
          value={[ratio]}
          onChange={(v) => v[0] && setRatio(v[0])}
        />
        <div className="robo-question__title" style={{ marginTop: 12 }}>
          到账方式
        </div>
        <Radio.Group value={to} onChange={(v) => setTo(v as 'wallet' | 'card')}>
          <Space>
            <Radio value="wallet">钱包</Radio>
            <Radio value="card">银行卡</Radio>
          </Space>
        </Radio.Group>
      </Section>
      <Section title="预估到账">
        {estimate.error ? (
          <p className="fa-muted">{estimate.error}</p>
        ) : !e ? (
          <p className="fa-muted">正在计算...</p>
        ) : (
          <>
            <KeyValue label="预估卖出金额(元)">{formatMoney(e.totalAmount)}</KeyValue>
            <KeyValue label="赎回费(元)">{formatMoney(e.totalFee)}</KeyValue>
            <KeyValue label="投顾服务费(元)">{formatMoney(e.adviserFee)}</KeyValue>
            <table className="fa-table">
              <thead>
                <tr>
                  <th>基金</th>
                  <th>份额</th>
                  <th>金额(元)</th>
                </tr>
              </thead>
              <tbody>
                {e.itemList.map((i) => (
                  <tr key={i.fundCode}>
                    <td>{i.fundName}</td>
                    <td>{formatNumber(i.shares)}</td>
                    <td>{formatMoney(i.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </Section>
      <div className="trade-footer">
        <Button
          block
          color="primary"
          disabled={!e}
          data-testid="robo-withdraw-submit"
          onClick={submit}
        >
          确认取出
        </Button>
      </div>
      {write.node}
    </div>
  )
}

export default function RoboWithdrawPage() {
  const serviceAccountId = useIdParam('serviceAccountId')
  const query = useHomepage(serviceAccountId)
  return (
    <QueryView query={query} rows={6} emptyTitle="未找到该投顾账户">
      {(h) =>
        h.account.contractStatus === 1 ? (
          <Form account={h.account} />
        ) : (
          <div className="fa-page fa-page--plain">
            <div className="trade-notice">投顾服务协议未生效或已解约，暂不能取出。</div>
          </div>
        )
      }
    </QueryView>
  )
}
