/**
 * 投顾账户 (fa/accountHomePage, serviceAccountId): the account's figures and tags (调仓待确认,
 * 未签约, 已解约), what waits for the customer (an adjustment to confirm, an unpaid fee, a
 * mandatory announcement), the actions (追加投资, 取出, 服务费, 签约详情), then the components of
 * its homepage template in order, and the strategy's announcements.
 */
import { Button, Tag } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { Section } from '@/components/section'
import { formatMoney, formatSigned, toDecimal } from '@/lib/format'
import { useAccountInfo } from '../api/get-account-info'
import { useHomeAnnouncements } from '../api/get-home-announcements'
import { useHomeTemplate } from '../api/get-home-template'
import type { AccountInfo } from '../api/types'
import { HomeComponentView } from '../components/home-component'
import { useIdParam } from '../lib/params'
import { faPath, withQuery } from '../lib/paths'
import { awaitsCustomer, CONTRACT_TERMINATED, serviceAccountTags } from '../lib/status'
import { discretionText } from '../lib/texts'
import '../advisory.css'

function Hero({ info }: { info: AccountInfo }) {
  const tags = serviceAccountTags(info)
  const pending = toDecimal(info.pendingAmount)
  return (
    <div className="fa-hero" data-testid="fa-home-hero">
      <div className="fa-hero__head">
        <span>
          {info.poName}
          <Tag fill="outline">{discretionText(info.discretionType)}</Tag>
          {tags.map((t) => (
            <Tag key={t} fill="outline" data-testid="fa-home-tag">
              {t}
            </Tag>
          ))}
        </span>
      </div>
      <div className="fa-hero__label">
        总资产(元){info.profitDate ? ` · ${info.profitDate}` : ''}
      </div>
      <div className="fa-hero__value" data-testid="fa-total-asset">
        {formatMoney(info.totalAsset)}
      </div>
      {pending?.gt(0) && (
        <div className="fa-hero__label">当前资产待确认 {formatMoney(info.pendingAmount)}元</div>
      )}
      <div className="fa-hero__grid">
        <div>
          <div className="fa-hero__label">昨日收益</div>
          <div>{formatSigned(info.previousProfit)}</div>
        </div>
        <div>
          <div className="fa-hero__label">持有收益</div>
          <div>{formatSigned(info.holdingProfit)}</div>
        </div>
        <div>
          <div className="fa-hero__label">累计收益</div>
          <div>{formatSigned(info.accumulatedProfit)}</div>
        </div>
      </div>
    </div>
  )
}

function Notices({ info }: { info: AccountInfo }) {
  const navigate = useNavigate()
  const id = info.serviceAccountId
  const adjustment = info.adjustmentInProcess
  return (
    <>
      {adjustment && awaitsCustomer(adjustment.status) && (
        <div className="trade-notice" data-testid="fa-adjustment-notice">
          投顾发起了一笔调仓，请在
          {adjustment.expireTime ? ` ${adjustment.expireTime.slice(0, 16).replace('T', ' ')} ` : ''}
          前确认，逾期未确认将不执行。
          <a
            role="button"
            onClick={() =>
              navigate(withQuery('/fa/adjustment', { adjustmentId: adjustment.adjustmentId }))
            }
          >
            {' '}
            去确认 ›
          </a>
        </div>
      )}
      {toDecimal(info.totalDebt)?.gt(0) && (
        <div className="trade-notice" data-testid="fa-debt-notice">
          您有未支付的投顾服务费 {formatMoney(info.totalDebt)} 元，支付后方可追加投资。
          <a role="button" onClick={() => navigate(faPath('serviceCharge', id))}>
            {' '}
            去支付 ›
          </a>
        </div>
      )}
      {info.mandatoryUnreadCount > 0 && (
        <div className="trade-notice">
          您有{info.mandatoryUnreadCount}条投顾重要公告未读，阅读后方可交易。
          <a role="button" onClick={() => navigate(faPath('announcement', id))}>
            {' '}
            去阅读 ›
          </a>
        </div>
      )}
      {info.contractStatus === 2 && (
        <div className="trade-notice">
          解约处理中：持仓卖出确认后资金将转入钱包。
          <a role="button" onClick={() => navigate(faPath('cancelResult', id))}>
            {' '}
            查看 ›
          </a>
        </div>
      )}
    </>
  )
}

function Announcements({ serviceAccountId }: { serviceAccountId: number }) {
  const navigate = useNavigate()
  const query = useHomeAnnouncements(serviceAccountId)
  return (
    <Section title="投顾公告">
      <QueryView
        query={query}
        rows={2}
        isEmpty={(d) => d.length === 0}
        empty={<p className="fa-muted">暂无公告</p>}
      >
        {(items) => (
          <>
            {items.slice(0, 5).map((a) => (
              <div
                key={a.announcementId}
                className="fa-row"
                role="button"
                onClick={() =>
                  navigate(
                    faPath('announcement', serviceAccountId, { announcementId: a.announcementId }),
                  )
                }
              >
                <div className="fa-row__main">
                  {a.title}
                  {a.isMandatory && (
                    <Tag className="asset-tag" color="danger" fill="outline">
                      重要
                    </Tag>
                  )}
                  <div className="fa-row__sub">{a.publishTime.slice(0, 10)}</div>
                </div>
                <span className="fa-row__sub">{a.isRead ? '已读' : '未读'}</span>
              </div>
            ))}
          </>
        )}
      </QueryView>
    </Section>
  )
}

function Home({ info }: { info: AccountInfo }) {
  const navigate = useNavigate()
  const id = info.serviceAccountId
  const template = useHomeTemplate(id)
  const ended = info.contractStatus === CONTRACT_TERMINATED
  const inForce = info.contractStatus === 1
  return (
    <div className="fa-page" data-testid="fa-home" data-contract={info.contractStatus}>
      <Hero info={info} />
      <Notices info={info} />
      <div className="fa-actions">
        <button type="button" disabled={!inForce} onClick={() => navigate(faPath('deposit', id))}>
          追加投资
        </button>
        <button type="button" disabled={!inForce} onClick={() => navigate(faPath('withdraw', id))}>
          取出
        </button>
        <button type="button" onClick={() => navigate(faPath('serviceCharge', id))}>
          服务费
        </button>
        <button type="button" onClick={() => navigate(faPath('accountSignDetail', id))}>
          签约详情
        </button>
        <button type="button" onClick={() => navigate(faPath('assetOrder', id))}>
          交易记录
        </button>
        <button type="button" onClick={() => navigate(faPath('report', id))}>
          账户报告
        </button>
        <button
          type="button"
          disabled={!inForce}
          onClick={() => navigate(faPath('planDeposit', id))}
        >
          定投
        </button>
        <button
          type="button"
          disabled={!inForce}
          onClick={() => navigate(faPath('transferInvite', id))}
        >
          持仓转入
        </button>
      </div>
      <QueryView query={template} rows={4}>
        {(t) => (
          <>
            {[...t.componentList]
              .sort((a, b) => a.sort - b.sort)
              .map((c) => (
                <HomeComponentView
                  key={c.componentType}
                  component={c}
                  serviceAccountId={id}
                  allowSingleFundRedeem={info.allowSingleFundRedeem && inForce}
                />
              ))}
          </>
        )}
      </QueryView>
      <Announcements serviceAccountId={id} />
      {ended ? (
        <p className="fa-muted" style={{ textAlign: 'center', margin: '16px 0' }}>
          该投顾账户已解约，历史记录仍可查看
        </p>
      ) : (
        <div className="trade-footer fa-footer">
          <Button
            fill="outline"
            disabled={!inForce}
            data-testid="fa-withdraw"
            onClick={() => navigate(faPath('withdraw', id))}
          >
            取出
          </Button>
          <Button
            color="primary"
            disabled={!inForce}
            data-testid="fa-deposit"
            onClick={() => navigate(faPath('deposit', id))}
          >
            追加投资
          </Button>
        </div>
      )}
    </div>
  )
}

export default function AccountHomePage() {
  const serviceAccountId = useIdParam('serviceAccountId')
  const info = useAccountInfo(serviceAccountId)
  return (
    <QueryView query={info} rows={8} emptyTitle="未找到该投顾账户">
      {(i) => <Home info={i} />}
    </QueryView>
  )
}
