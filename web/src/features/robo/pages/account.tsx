/**
 * 投顾账户 (advisor/account, serviceAccountId): the robo account — its name (renamed here), its
 * figures and tags, the asset distribution by fund or by asset class (getAssetDistribution), each
 * fund's current weight against the plan's, the latest orders, and the way to every screen of
 * the account: 投入, 取出, 交易记录, 分红, 服务费, 服务协议, 账户报告, 调仓记录, 方案详情.
 */
import { useState } from 'react'
import { Button, Dialog, Input, Tabs, Tag } from 'antd-mobile'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { Section } from '@/components/section'
import { ApiError } from '@/lib/api-client'
import { formatMoney, formatPercent, formatSigned, toDecimal } from '@/lib/format'
import { serviceAccountTags } from '@/lib/service-account'
import { showFailToast } from '@/lib/toast'
import { Composition, useIdParam } from '@/features/advisory'
import { checkRoboServiceName, useDistribution, useHomepage } from '../api/queries'
import type { Homepage } from '../api/types'
import { invalidateRobo, updateName } from '../api/writes'
import { RoboOrderRow } from '../components/robo-order-row'
import { advisorPath, faRoboPath } from '../lib/paths'
import { ASSET_CLASS_NAMES } from '../lib/texts'
import '../robo.css'

function Distribution({ id }: { id: number }) {
  const [type, setType] = useState<'ALL' | 'STOCK_AND_BOND'>('STOCK_AND_BOND')
  const query = useDistribution(id, type)
  return (
    <Section title="资产分布">
      <Tabs activeKey={type} onChange={(k) => setType(k as 'ALL' | 'STOCK_AND_BOND')}>
        <Tabs.Tab title="按资产类别" key="STOCK_AND_BOND" />
        <Tabs.Tab title="按基金" key="ALL" />
      </Tabs>
      <QueryView
        query={query}
        rows={3}
        isEmpty={(d) => d.list.length === 0}
        empty={<p className="fa-muted">暂无持仓，投入确认后显示</p>}
      >
        {(d) => (
          <div data-testid="robo-distribution">
            <Composition
              items={d.list.map((i) => ({ name: i.name, weight: i.ratio }))}
              caption={`${formatMoney(d.total)}元`}
            />
          </div>
        )}
      </QueryView>
    </Section>
  )
}

function Rename({ h }: { h: Homepage }) {
  const queryClient = useQueryClient()
  const rename = async () => {
    let name = h.account.roboServiceName
    const ok = await Dialog.confirm({
      title: '修改账户名称',
      content: (
        <Input
          defaultValue={name}
          maxLength={16}
          aria-label="账户名称"
          onChange={(v) => (name = v)}
        />
      ),
    })
    if (!ok) return
    try {
      const check = await checkRoboServiceName(name.trim())
      if (!check.available) return showFailToast(check.msg || '该名称已被使用')
      await updateName(h.account.serviceAccountId, name.trim())
      await invalidateRobo(queryClient)
    } catch (e) {
      showFailToast(e instanceof ApiError ? e.message : '修改失败，请重试')
    }
  }
  return (
    <a role="button" style={{ color: '#fff', fontSize: 12 }} onClick={rename}>
      改名
    </a>
  )
}

function Home({ h }: { h: Homepage }) {
  const navigate = useNavigate()
  const a = h.account
  const id = a.serviceAccountId
  const inForce = a.contractStatus === 1
  const go = (page: string, extra: Record<string, string | number> = {}) =>
    navigate(advisorPath(page, { serviceAccountId: id, ...extra }))
  return (
    <div className="fa-page" data-testid="robo-account" data-contract={a.contractStatus}>
      <div className="fa-hero" data-testid="robo-account-hero">
        <div className="fa-hero__head">
          <span>
            <span data-testid="robo-account-name">{a.roboServiceName}</span>
            {serviceAccountTags(a).map((t) => (
              <Tag key={t} fill="outline">
                {t}
              </Tag>
            ))}
          </span>
          <Rename h={h} />
        </div>
        <div className="fa-hero__label">总资产(元){a.updateDate ? ` · ${a.updateDate}` : ''}</div>
        <div className="fa-hero__value" data-testid="robo-total-asset">
          {formatMoney(a.holdingAsset)}
        </div>
        {toDecimal(a.pendingAmount)?.gt(0) && (
          <div className="fa-hero__label">当前资产待确认 {formatMoney(a.pendingAmount)}元</div>
        )}
        <div className="fa-hero__grid">
          <div>
            <div className="fa-hero__label">持有收益</div>
            <div>{formatSigned(a.holdingProfit)}</div>
          </div>
          <div>
            <div className="fa-hero__label">累计收益</div>
            <div>{formatSigned(a.accumulatedProfit)}</div>
          </div>
          <div>
            <div className="fa-hero__label">方案风险</div>
            <div>R{a.riskLevel}</div>
          </div>
        </div>
      </div>
      {a.contractStatus === 0 && (
        <div className="trade-notice">
          服务协议待生效：完成首次投入后协议生效。
          <a role="button" onClick={() => go('roboDeposit')}>
            {' '}
            去投入 ›
          </a>
        </div>
      )}
      <div className="fa-actions">
        <button type="button" onClick={() => go('transactionRecord')}>
          交易记录
        </button>
        <button type="button" onClick={() => go('dividendDetail')}>
          分红
        </button>
        <button type="button" onClick={() => go('serviceCharge')}>
          服务费
        </button>
        <button type="button" onClick={() => go('serviceAgreement')}>
          服务协议
        </button>
        <button type="button" onClick={() => go('accountReport')}>
          账户报告
        </button>
        <button type="button" onClick={() => go('adjustRecord', { tab: 'adjustment' })}>
          调仓记录
        </button>
        <button
          type="button"
          onClick={() => navigate(faRoboPath('planningDetail', { planningId: a.planningId }))}
        >
          方案详情
        </button>
        <button type="button" onClick={() => go('adviserFee')}>
          投顾费
        </button>
      </div>
      <Distribution id={id} />
      <Section title="配置比例">
        {h.allocation.length === 0 ? (
          <p className="fa-muted">暂无配置</p>
        ) : (
          <table className="fa-table" data-testid="robo-targets">
            <thead>
              <tr>
                <th>基金</th>
                <th>目标</th>
                <th>当前</th>
                <th>市值(元)</th>
              </tr>
            </thead>
            <tbody>
              {h.allocation.map((t) => (
                <tr key={t.fundCode}>
                  <td>
                    {t.fundName}
                    <div className="fa-row__sub">
                      {ASSET_CLASS_NAMES[t.assetClass] ?? t.assetClass}
                    </div>
                  </td>
                  <td>{formatPercent(t.targetWeight)}</td>
                  <td>{formatPercent(t.currentWeight)}</td>
                  <td>{formatMoney(t.marketValue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>
      <Section title="最近交易" extra="全部 ›" onExtra={() => go('transactionRecord')}>
        {h.latestOrders.length === 0 ? (
          <p className="fa-muted">暂无交易</p>
        ) : (
          h.latestOrders.map((o) => (
            <RoboOrderRow key={o.brokerOrderNo} order={o} serviceAccountId={id} />
          ))
        )}
      </Section>
      {a.contractStatus !== 3 && (
        <div className="trade-footer fa-footer">
          <Button
            fill="outline"
            disabled={!inForce}
            data-testid="robo-withdraw"
            onClick={() => go('roboWithdraw')}
          >
            取出
          </Button>
          <Button color="primary" data-testid="robo-deposit-more" onClick={() => go('roboDeposit')}>
            投入
          </Button>
        </div>
      )}
    </div>
  )
}

export default function RoboAccountPage() {
  const serviceAccountId = useIdParam('serviceAccountId')
  const query = useHomepage(serviceAccountId)
  return (
    <QueryView query={query} rows={8} emptyTitle="未找到该投顾账户">
      {(h) => <Home h={h} />}
    </QueryView>
  )
}
