/**
 * 取出 (fa/withdraw, serviceAccountId): a share of every fund of the account (25 %, 50 %, 75 %
 * or 全部) sold in proportion, to the account's wallet or a card; preredeem shows what each fund
 * brings, the redemption fees and the adviser fee charged with it (the accrued fee × the ratio).
 * The trade password places the P03 order, which opens on fa/order.
 */
import { useState } from 'react'
import { Button, Radio } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { KeyValue, Section } from '@/components/section'
import { useWalletName } from '@/features/platform'
import { formatMoney } from '@/lib/format'
import { useAccountInfo } from '../api/get-account-info'
import { usePreredeem } from '../api/get-preredeem'
import type { AccountInfo } from '../api/types'
import { withdraw } from '../api/writes'
import { usePasswordWrite } from '../components/use-password-write'
import { RatioSelector, WithdrawEstimate, withdrawRatioLabel } from '../components/withdraw-parts'
import { useIdParam } from '../lib/params'
import { withQuery } from '../lib/paths'
import { WITHDRAW_RATIOS } from '../lib/texts'
import '../advisory.css'

function Form({ info }: { info: AccountInfo }) {
  const navigate = useNavigate()
  const walletName = useWalletName()
  const id = info.serviceAccountId
  const [ratio, setRatio] = useState<string>(WITHDRAW_RATIOS[1].ratio)
  const [to, setTo] = useState<'wallet' | 'card'>('wallet')
  const preview = usePreredeem(id, ratio)
  const estimate = preview.data ?? null
  const error = preview.error?.message ?? ''
  const write = usePasswordWrite()

  const submit = () =>
    write.ask({
      description: `取出 ${withdrawRatioLabel(ratio)}`,
      match: { productCode: info.poCode },
      run: (p) =>
        withdraw({ serviceAccountId: id, ratio, redeemTo: to, paymentMethodId: null, ...p }),
      done: (order) =>
        navigate(withQuery('/fa/order', { brokerOrderNo: order.brokerOrderNo }), { replace: true }),
    })

  return (
    <div className="fa-page" data-testid="fa-withdraw-page">
      <Section title={info.poName}>
        <KeyValue label="总资产(元)">{formatMoney(info.totalAsset)}</KeyValue>
        <div className="plan-field__label">取出比例</div>
        <RatioSelector ratio={ratio} onChange={setRatio} />
      </Section>
      <WithdrawEstimate estimate={estimate} error={error} />
      <Section title="到账方式">
        <Radio.Group value={to} onChange={(v) => setTo(v as 'wallet' | 'card')}>
          <Radio value="wallet">{walletName}（T+1日可用）</Radio>
          <Radio value="card" style={{ marginLeft: 16 }}>
            银行卡
          </Radio>
        </Radio.Group>
      </Section>
      <div className="trade-footer">
        <Button block color="primary" disabled={!estimate} onClick={submit}>
          确认取出
        </Button>
      </div>
      {write.node}
    </div>
  )
}

export default function WithdrawPage() {
  const serviceAccountId = useIdParam('serviceAccountId')
  const info = useAccountInfo(serviceAccountId)
  return (
    <QueryView query={info} rows={6} emptyTitle="未找到该投顾账户">
      {(i) =>
        i.contractStatus === 1 ? (
          <Form info={i} />
        ) : (
          <div className="fa-page fa-page--plain">
            <div className="trade-notice">该投顾账户未在服务中，无法取出。</div>
          </div>
        )
      }
    </QueryView>
  )
}
