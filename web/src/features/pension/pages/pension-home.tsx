/**
 * 养老金账户 (pension/home, docs/pension.md): the pension account's total, balance and profit (by
 * the one profit rule, from the server), this year's contributions against the 12 000 元 cap, the
 * pension funds held, and the tax saving of this year's contributions at a chosen bracket. Without
 * an account: what personal pension is and the ways to open or bind one.
 */
import { useState, type ReactNode } from 'react'
import { Button, Dialog, ErrorBlock, ProgressBar, Selector } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { detailPath } from '@/features/products'
import { formatMoney, formatPercent, formatSigned, toDecimal, trendColor } from '@/lib/format'
import { usePensionAccount } from '../api/get-td-account'
import { usePensionTime } from '../api/get-time'
import type { PensionAccount } from '../api/types'
import { PENSION_TEXTS } from '../lib/texts'
import '../pension.css'

function NoAccount({ account }: { account: PensionAccount }) {
  const navigate = useNavigate()
  return (
    <>
      <div className="pension-card">
        <ErrorBlock
          status="empty"
          title={PENSION_TEXTS.noAccount}
          description={PENSION_TEXTS.noAccountHint}
        />
        <div className="pension-muted">
          {account.year}年可缴存额度 {formatMoney(account.remainingQuota)} 元
        </div>
      </div>
      <div className="pension-actions">
        <Button color="primary" onClick={() => navigate('/pension/bankList?way=open')}>
          开通养老金账户
        </Button>
        <Button
          color="primary"
          fill="outline"
          onClick={() => navigate('/pension/bankList?way=bind')}
        >
          已有账户去绑定
        </Button>
      </div>
    </>
  )
}

function Opening({ account }: { account: PensionAccount }) {
  const navigate = useNavigate()
  return (
    <div className="pension-card">
      <div className="pension-card__title">{account.bankName}</div>
      <p className="pension-muted">{PENSION_TEXTS.opening}</p>
      <Button
        block
        color="primary"
        onClick={() =>
          navigate(
            `/pension/openAccountBank?applyNo=${account.applyNo ?? ''}&bankNo=${account.bankNo ?? ''}`,
          )
        }
      >
        继续开户
      </Button>
    </div>
  )
}

function Quota({ account }: { account: PensionAccount }) {
  const navigate = useNavigate()
  const cap = toDecimal(account.yearlyCap)
  const done = toDecimal(account.yearContributed)
  const percent = cap && done && cap.gt(0) ? done.div(cap).mul(100).toNumber() : 0
  return (
    <div className="pension-card" data-testid="pension-quota">
      <div className="pension-card__title">
        {PENSION_TEXTS.yearQuota(account.year)}
        <button type="button" onClick={() => navigate('/pension/depositRecord')}>
          缴存记录
        </button>
      </div>
      <ProgressBar percent={percent} style={{ '--track-width': '8px' }} />
      <div className="pension-figures">
        <div>
          已缴存(元)
          <strong data-testid="year-contributed">{formatMoney(account.yearContributed)}</strong>
        </div>
        <div>
          剩余额度(元)
          <strong data-testid="remaining-quota">{formatMoney(account.remainingQuota)}</strong>
        </div>
        <div>
          年度上限(元)<strong>{formatMoney(account.yearlyCap)}</strong>
        </div>
      </div>
      <Button block color="primary" onClick={() => navigate('/pension/deposit')}>
        {PENSION_TEXTS.deposit}
      </Button>
    </div>
  )
}

function Holdings({ account }: { account: PensionAccount }) {
  const navigate = useNavigate()
  return (
    <div className="pension-card" data-testid="pension-holdings">
      <div className="pension-card__title">
        养老金产品持仓
        <button type="button" onClick={() => navigate('/pension/shelf')}>
          选购产品
        </button>
      </div>
      {account.pendingAmount !== '0.00' && (
        <div className="pension-muted">当前资产待确认 {formatMoney(account.pendingAmount)} 元</div>
      )}
      {account.holdings.length === 0 && (
        <div className="pension-muted">{PENSION_TEXTS.noHoldings}</div>
      )}
      {account.holdings.map((h) => (
        <div
          key={h.fundCode}
          className="pension-holding"
          role="button"
          onClick={() => navigate(detailPath(h.fundCode, 'fund'))}
        >
          <div className="pension-holding__name">
            {h.fundName} <span className="pension-muted">{h.fundCode}</span>
          </div>
          <div className="pension-figures">
            <div>
              持有金额<strong>{formatMoney(h.totalAsset)}</strong>
            </div>
            <div>
              持有收益
              <strong style={{ color: trendColor(h.holdingProfit) }}>
                {formatSigned(h.holdingProfit)}
              </strong>
            </div>
            <div>
              收益率
              <strong style={{ color: trendColor(h.holdingProfitRate) }}>
                {formatPercent(h.holdingProfitRate, { signed: true })}
              </strong>
            </div>
          </div>
        </div>
      ))}
    </div>
  )
}

/** A line of the estimate: what it is, and the amount with its 元, never broken apart. */
function TaxLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="pension-tax__line">
      <span>{label}</span>
      <span className="pension-tax__amount">{children} 元</span>
    </div>
  )
}

function TaxEstimate({ account }: { account: PensionAccount }) {
  const [rate, setRate] = useState(account.taxEstimates[1]?.rate ?? account.taxEstimates[0]?.rate)
  const chosen = account.taxEstimates.find((e) => e.rate === rate)
  return (
    <div className="pension-card" data-testid="pension-tax">
      <div className="pension-card__title">节税测算</div>
      <div className="pension-muted">选择您的综合所得年应纳税所得额（适用税率）</div>
      <Selector
        columns={2}
        style={{ '--padding': '6px 8px', marginTop: 8 }}
        value={rate ? [rate] : []}
        onChange={(v) => v[0] && setRate(v[0])}
        options={account.taxEstimates.map((e) => ({
          // the bracket on one line and its rate under it: at 375 px the two no longer fit one
          label: (
            <span className="pension-bracket">
              <span className="pension-bracket__range">{e.label}</span>
              <span className="pension-bracket__rate">{formatPercent(e.rate)}</span>
            </span>
          ),
          value: e.rate,
        }))}
      />
      {chosen && (
        <div className="pension-tax" data-testid="tax-estimate">
          <TaxLine label={`${account.year}年已缴存`}>
            {formatMoney(account.yearContributed)}
          </TaxLine>
          <TaxLine label="可税前扣除">{formatMoney(chosen.deductible)}</TaxLine>
          <TaxLine label="当年可少缴个税">
            <strong>{formatMoney(chosen.deductionSaving)}</strong>
          </TaxLine>
          <TaxLine label="领取时按3%缴税">{formatMoney(chosen.withdrawalTax)}</TaxLine>
          <TaxLine label="预计净节税">
            <strong data-testid="net-saving">{formatMoney(chosen.netSaving)}</strong>
          </TaxLine>
        </div>
      )}
    </div>
  )
}

function Active({ account }: { account: PensionAccount }) {
  const navigate = useNavigate()
  const time = usePensionTime()
  return (
    <>
      <div className="pension-hero" data-testid="pension-hero">
        <div className="pension-hero__label">总资产(元)</div>
        <div className="pension-hero__amount" data-testid="pension-total">
          {formatMoney(account.totalAsset)}
        </div>
        <div className="pension-hero__row">
          <div>
            资金账户余额
            <strong data-testid="pension-balance">{formatMoney(account.balance)}</strong>
          </div>
          <div>
            持有收益<strong>{formatSigned(account.holdingProfit)}</strong>
          </div>
          <div>
            累计收益<strong>{formatSigned(account.accumulatedProfit)}</strong>
          </div>
        </div>
        {/* 总资产 is the pension funds held and the purchases awaiting confirmation; the fund
            account's balance is at the bank and shown apart: docs/pension.md#the-figures */}
        <div className="pension-hero__note">
          {account.bankName}({account.accountTail}) · 余额在银行，不计入总资产
        </div>
      </div>
      <div className="pension-actions">
        <Button color="primary" onClick={() => navigate('/pension/deposit')}>
          缴存
        </Button>
        <Button color="primary" fill="outline" onClick={() => navigate('/pension/shelf')}>
          买产品
        </Button>
        <Button
          fill="outline"
          onClick={() =>
            Dialog.alert({
              title: '暂不可领取',
              content: account.withdrawRule,
              confirmText: '我知道了',
            })
          }
        >
          {PENSION_TEXTS.withdraw}
        </Button>
      </div>
      {time.data && (
        <div className="pension-muted" style={{ margin: '0 16px' }}>
          {time.data.tip}
        </div>
      )}
      <Quota account={account} />
      <Holdings account={account} />
      <TaxEstimate account={account} />
      <div className="pension-card">
        <div className="pension-card__title">
          了解个人养老金
          <button type="button" onClick={() => navigate('/pension/static/aboutPension')}>
            查看
          </button>
        </div>
        <div className="pension-muted">
          累计缴存 {formatMoney(account.totalContributed)} 元。{account.withdrawRule}
        </div>
      </div>
    </>
  )
}

export default function PensionHomePage() {
  const account = usePensionAccount()
  return (
    <div className="pension-page">
      <QueryView query={account} rows={6}>
        {(a) =>
          !a.hasAccount ? (
            <NoAccount account={a} />
          ) : a.status === 'OPENING' ? (
            <Opening account={a} />
          ) : (
            <Active account={a} />
          )
        }
      </QueryView>
    </div>
  )
}
