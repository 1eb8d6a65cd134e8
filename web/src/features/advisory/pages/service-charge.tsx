/**
 * 服务费 (fa/serviceCharge, serviceAccountId): the adviser fee of the current period so far (the
 * daily accruals: assets × yearly rate × days ÷ 365, to the cent), what was charged, paid, owed
 * and refunded, the fee records (each period's charge is the sum of its accruals) and the daily
 * accruals. An unpaid fee (F, a debt that blocks deposits) is paid from the wallet or by selling
 * that amount from the account (trade password).
 */
import { useState } from 'react'
import { ActionSheet, Button, ErrorBlock, Tabs } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { LoadMore } from '@/components/load-more'
import { QueryView } from '@/components/query-view'
import { Section } from '@/components/section'
import { useWalletName } from '@/features/platform'
import { formatMoney, formatPercent, toDecimal } from '@/lib/format'
import { useAccFee } from '../api/get-acc-fee'
import { useChargeList } from '../api/get-charge-list'
import { useFeeList } from '../api/get-fee-list'
import type { Fee } from '../api/types'
import { payFee } from '../api/writes'
import { usePasswordWrite } from '../components/use-password-write'
import { chargePeriodText, feeSourceText, feeStatusText, yearlyRateText } from '../lib/fee'
import { useIdParam } from '../lib/params'
import { faPath } from '../lib/paths'
import '../advisory.css'

function Summary({ serviceAccountId }: { serviceAccountId: number }) {
  const navigate = useNavigate()
  const query = useAccFee(serviceAccountId)
  return (
    <QueryView query={query} rows={4}>
      {(f) => (
        <>
          <div className="fa-hero" data-testid="fa-fee-summary">
            <div className="fa-hero__head">本期投顾服务费（计提中）</div>
            <div className="fa-hero__value" data-testid="fa-accrued-fee">
              {formatMoney(f.accruedFee)}
            </div>
            <div className="fa-hero__label">
              {f.periodStart} 至 {f.periodEnd} · {yearlyRateText(f.feeRatio)} ·{' '}
              {chargePeriodText(f.chargePeriod)}
            </div>
            <div className="fa-hero__grid">
              <div>
                <div className="fa-hero__label">累计收取</div>
                <div>{formatMoney(f.chargedFee)}</div>
              </div>
              <div>
                <div className="fa-hero__label">待支付</div>
                <div data-testid="fa-debt-fee">{formatMoney(f.debtFee)}</div>
              </div>
              <div>
                <div className="fa-hero__label">已退还</div>
                <div>{formatMoney(f.refundedFee)}</div>
              </div>
            </div>
          </div>
          <Section
            title="收费规则"
            extra="详细说明 ›"
            onExtra={() => navigate(faPath('adviserFeeAgreement', serviceAccountId))}
          >
            <p className="fa-muted">
              每个交易日按账户资产计提：资产 × 年费率 × 自然日天数 ÷
              365，四舍五入到分；每期首个交易日收取上一期计提之和，从钱包扣款。
            </p>
          </Section>
        </>
      )}
    </QueryView>
  )
}

function FeeRow({ fee, onPay }: { fee: Fee; onPay: (fee: Fee) => void }) {
  const refunded = toDecimal(fee.refundAmount)?.gt(0)
  return (
    <div className="fa-row" data-testid="fa-fee-row" data-status={fee.feeStatus}>
      <div className="fa-row__main">
        {feeSourceText(fee.source)}
        <div className="fa-row__sub">
          {fee.periodStart && fee.periodEnd
            ? `${fee.periodStart} 至 ${fee.periodEnd}`
            : fee.createTime.slice(0, 10)}
        </div>
      </div>
      <div className="fa-row__end">
        <div data-testid="fa-fee-amount">{formatMoney(fee.feeAmount)}元</div>
        <div className="fa-row__sub">
          {feeStatusText(fee.feeStatus)}
          {refunded &&
            ` · 已退${formatMoney(fee.refundAmount)}元（${feeStatusText(fee.refundStatus)}）`}
        </div>
        {fee.feeStatus === 'F' && (
          <Button size="mini" color="primary" data-testid="fa-fee-pay" onClick={() => onPay(fee)}>
            去支付
          </Button>
        )}
      </div>
    </div>
  )
}

function Fees({ serviceAccountId }: { serviceAccountId: number }) {
  const query = useFeeList(serviceAccountId)
  const walletName = useWalletName()
  const write = usePasswordWrite()
  const [paying, setPaying] = useState<Fee | null>(null)
  const pay = (how: 'wallet' | 'account') => {
    const fee = paying
    setPaying(null)
    if (!fee) return
    write.ask({
      description: `支付投顾服务费 ${formatMoney(fee.feeAmount)} 元`,
      run: (p) => payFee(how, { feeId: fee.feeId, ...p }),
      done: () => undefined,
    })
  }
  return (
    <>
      <QueryView
        query={query}
        rows={3}
        isEmpty={(d) => d.pages[0].list.length === 0}
        empty={
          <ErrorBlock
            status="empty"
            title="暂无收费记录"
            description="每期首个交易日收取上一期服务费"
          />
        }
      >
        {(d) => (
          <>
            {d.pages
              .flatMap((p) => p.list)
              .map((f) => (
                <FeeRow key={f.feeId} fee={f} onPay={setPaying} />
              ))}
            <LoadMore query={query} />
          </>
        )}
      </QueryView>
      <ActionSheet
        visible={paying !== null}
        onClose={() => setPaying(null)}
        cancelText="取消"
        extra="选择支付方式"
        actions={[
          { key: 'wallet', text: `${walletName}余额支付`, onClick: () => pay('wallet') },
          { key: 'account', text: '卖出账户持仓支付', onClick: () => pay('account') },
        ]}
      />
      {write.node}
    </>
  )
}

function Accruals({ serviceAccountId }: { serviceAccountId: number }) {
  const query = useChargeList(serviceAccountId)
  return (
    <QueryView
      query={query}
      rows={3}
      isEmpty={(d) => d.pages[0].list.length === 0}
      empty={<ErrorBlock status="empty" title="暂无计提记录" description="" />}
    >
      {(d) => (
        <>
          <table className="fa-table" data-testid="fa-accruals">
            <thead>
              <tr>
                <th>日期</th>
                <th>资产(元)</th>
                <th>费率×天数</th>
                <th>计提(元)</th>
              </tr>
            </thead>
            <tbody>
              {d.pages
                .flatMap((p) => p.list)
                .map((a) => (
                  <tr key={a.accrualDate}>
                    <td>{a.accrualDate}</td>
                    <td>{formatMoney(a.assets)}</td>
                    <td>
                      {formatPercent(a.feeRatio)}×{a.days}
                    </td>
                    <td>{formatMoney(a.amount)}</td>
                  </tr>
                ))}
            </tbody>
          </table>
          <LoadMore query={query} />
        </>
      )}
    </QueryView>
  )
}

export default function ServiceChargePage() {
  const serviceAccountId = useIdParam('serviceAccountId')
  return (
    <div className="fa-page fa-page--plain" data-testid="fa-service-charge">
      <Summary serviceAccountId={serviceAccountId} />
      <Section>
        <Tabs defaultActiveKey="fees">
          <Tabs.Tab title="收费记录" key="fees">
            <Fees serviceAccountId={serviceAccountId} />
          </Tabs.Tab>
          <Tabs.Tab title="每日计提" key="accruals">
            <Accruals serviceAccountId={serviceAccountId} />
          </Tabs.Tab>
        </Tabs>
      </Section>
    </div>
  )
}
