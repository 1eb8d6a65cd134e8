/**
 * 取出 (advisor/roboWithdraw, serviceAccountId): a share of every fund of the robo account (25 %,
 * 50 %, 75 % or 全部) sold in proportion, to the wallet or the card; prepareWithdraw shows what
 * each fund brings, the redemption fees and the adviser fee charged with it. The trade password
 * places the P03 order, which opens on advisor/transactionDetail.
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Button, Radio, Space } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { KeyValue, Section } from '@/components/section'
import { useWalletName } from '@/features/platform'
import { ApiError } from '@/lib/api-client'
import { formatMoney } from '@/lib/format'
import {
  RatioSelector,
  useIdParam,
  usePasswordWrite,
  WITHDRAW_RATIOS,
  WithdrawEstimate,
  withdrawRatioLabel,
} from '@/features/advisory'
import { useHomepage } from '../api/queries'
import type { RoboAccount } from '../api/types'
import { prepareWithdraw, withdraw } from '../api/writes'
import { advisorPath } from '../lib/paths'
import '../robo.css'

function Form({ account }: { account: RoboAccount }) {
  const navigate = useNavigate()
  const walletName = useWalletName()
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
      description: `取出 ${withdrawRatioLabel(ratio)}`,
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
        <RatioSelector ratio={ratio} onChange={setRatio} />
        <div className="robo-question__title" style={{ marginTop: 12 }}>
          到账方式
        </div>
        <Radio.Group value={to} onChange={(v) => setTo(v as 'wallet' | 'card')}>
          <Space>
            <Radio value="wallet">{walletName}</Radio>
            <Radio value="card">银行卡</Radio>
          </Space>
        </Radio.Group>
      </Section>
      <WithdrawEstimate estimate={e} error={estimate.error} />
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
