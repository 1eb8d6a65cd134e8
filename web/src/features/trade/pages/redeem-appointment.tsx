/**
 * 预约赎回 (redeemAppointment?fundCode=&financialAccountId=): book a redemption of a fund with
 * fixed open periods for its next open day, in two steps. The form (shares, to the wallet or
 * the card) is kept on the server (saveTemporary) and the confirmation step reads it back
 * (verifyTemporary, &temporaryId=), so a reload or a shared link never books what the user did
 * not confirm; the trade password books it. A form older than 30 minutes asks to be filled in
 * again.
 */
import { Button, ErrorBlock, Input, Selector } from 'antd-mobile'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import '@/components/product-page.css'
import { QueryView } from '@/components/query-view'
import { Section } from '@/components/section'
import { TradePasswordPopup } from '@/components/trade-password-popup'
import { toApiError } from '@/lib/api-client'
import { formatNumber } from '@/lib/format'
import { withTerminal } from '@/lib/terminal'
import { showFailToast, showSuccessToast } from '@/lib/toast'
import { useTradeUUID } from '@/lib/trade-uuid'
import {
  createAppointment,
  invalidateAppointments,
  saveTemporary,
  useAppointments,
  verifyTemporary,
  type AppointableFund,
  type AppointmentForm,
} from '../api/redeem-appointments'
import { appointableShares, checkAppointmentShares } from '../lib/redeem-rules'

function FormStep({ fund }: { fund: AppointableFund }) {
  const navigate = useNavigate()
  const left = appointableShares(fund.availableShares, fund.bookedShares)
  const [shares, setShares] = useState('')
  const [redeemTo, setRedeemTo] = useState<'wallet' | 'card'>('wallet')
  const [busy, setBusy] = useState(false)
  const next = async () => {
    const problem = checkAppointmentShares(shares, left)
    if (problem) return showFailToast(problem)
    if (!fund.nextOpenDate) return showFailToast('该基金暂无下一开放期')
    setBusy(true)
    try {
      const form: AppointmentForm = {
        financialAccountId: fund.financialAccountId,
        fundCode: fund.fundCode,
        fundName: fund.fundName,
        shares,
        redeemTo,
        openDate: fund.nextOpenDate,
      }
      const saved = await saveTemporary(form)
      navigate(
        `/redeemAppointment?fundCode=${fund.fundCode}&financialAccountId=${fund.financialAccountId}&temporaryId=${saved.temporaryId}`,
      )
    } finally {
      setBusy(false)
    }
  }
  return (
    <div data-testid="appointment-form">
      <Section title={fund.fundName} extra={fund.fundCode}>
        <div className="pd-muted">下一开放日 {fund.nextOpenDate ?? '暂无'}，当日按净值办理赎回</div>
        <div className="pd-muted">可预约份额 {formatNumber(left)}</div>
      </Section>
      <Section title="预约份额">
        <div className="pd-fund-row pd-fund-row--input">
          <Input
            aria-label="预约份额"
            placeholder={`最多${formatNumber(left)}份`}
            value={shares}
            onChange={setShares}
            inputMode="decimal"
          />
          <Button
            size="small"
            fill="none"
            color="primary"
            onClick={() => setShares(left.toFixed(2))}
          >
            全部
          </Button>
        </div>
        <div style={{ marginTop: 12 }}>
          <Selector
            columns={2}
            options={[
              { label: '赎回至钱包', value: 'wallet' },
              { label: '赎回至银行卡', value: 'card' },
            ]}
            value={[redeemTo]}
            onChange={(v) => v[0] && setRedeemTo(v[0] as 'wallet' | 'card')}
          />
        </div>
      </Section>
      <div style={{ padding: 12 }}>
        <Button block color="primary" loading={busy} onClick={next}>
          下一步
        </Button>
      </div>
    </div>
  )
}

function ConfirmStep({ temporaryId }: { temporaryId: string }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { tradeUUID } = useTradeUUID()
  const [asking, setAsking] = useState(false)
  const saved = useQuery({
    queryKey: ['trade', 'temporary', temporaryId],
    queryFn: () => verifyTemporary(temporaryId),
    retry: false,
    staleTime: Infinity,
  })
  if (saved.isError) {
    return (
      <div data-testid="appointment-expired">
        <ErrorBlock status="default" title={toApiError(saved.error).message} description="" />
        <div style={{ padding: 12 }}>
          <Button
            block
            color="primary"
            onClick={() => navigate('/redeemManagement', { replace: true })}
          >
            重新填写
          </Button>
        </div>
      </div>
    )
  }
  return (
    <QueryView query={saved} rows={4}>
      {(t) => {
        const form = t.payload as unknown as AppointmentForm
        const book = async (password: string) => {
          const body = await withTerminal({
            financialAccountId: form.financialAccountId,
            fundCode: form.fundCode,
            shares: form.shares,
            redeemTo: form.redeemTo,
            tradePassword: password,
            tradeUUID,
          })
          await createAppointment(body)
          setAsking(false)
          showSuccessToast('预约成功')
          await invalidateAppointments(queryClient)
          navigate('/redeemManagement', { replace: true })
        }
        return (
          <div data-testid="appointment-confirm">
            <Section title="确认预约赎回">
              <div className="pd-fund-row">
                <span>基金</span>
                <b>{form.fundName}</b>
              </div>
              <div className="pd-fund-row">
                <span>预约份额</span>
                <b>{formatNumber(form.shares)}份</b>
              </div>
              <div className="pd-fund-row">
                <span>开放日</span>
                <b>{form.openDate}</b>
              </div>
              <div className="pd-fund-row">
                <span>赎回至</span>
                <b>{form.redeemTo === 'wallet' ? '钱包' : '银行卡'}</b>
              </div>
              <div className="pd-muted">开放日前可在赎回管理中撤销预约</div>
            </Section>
            <div style={{ padding: 12 }}>
              <Button block color="primary" onClick={() => setAsking(true)}>
                确认预约
              </Button>
            </div>
            <TradePasswordPopup
              visible={asking}
              description={`预约赎回 ${form.fundName} ${formatNumber(form.shares)}份`}
              onClose={() => setAsking(false)}
              onSubmit={book}
            />
          </div>
        )
      }}
    </QueryView>
  )
}

export default function RedeemAppointmentPage() {
  const [params] = useSearchParams()
  const fundCode = params.get('fundCode') ?? ''
  const temporaryId = params.get('temporaryId')
  const list = useAppointments(params.get('financialAccountId'))
  if (temporaryId) {
    return (
      <div className="trade-page" data-testid="redeem-appointment">
        <ConfirmStep temporaryId={temporaryId} />
      </div>
    )
  }
  return (
    <div className="trade-page" data-testid="redeem-appointment">
      <QueryView
        query={list}
        rows={4}
        isEmpty={(d) => !d.funds.some((f) => f.fundCode === fundCode)}
        emptyTitle="该基金不是定期开放基金，无需预约，可直接卖出"
      >
        {(d) => <FormStep fund={d.funds.find((f) => f.fundCode === fundCode) as AppointableFund} />}
      </QueryView>
    </div>
  )
}
