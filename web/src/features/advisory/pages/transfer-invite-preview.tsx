/**
 * 转入确认 (fa/transferInvitePreview, serviceAccountId, items): the chosen holdings and what the
 * transfer does; the trade password applies for it (APPLYING, moved in by the next pipeline day),
 * and while it is applying it may be withdrawn.
 */
import { useState } from 'react'
import { Button } from 'antd-mobile'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { ResultView } from '@/components/result-view'
import { Section } from '@/components/section'
import { TradePasswordPopup } from '@/components/trade-password-popup'
import { ApiError } from '@/lib/api-client'
import { formatMoney, formatNumber } from '@/lib/format'
import { showFailToast } from '@/lib/toast'
import { useTransferPreview } from '../api/get-transfer-preview'
import type { Transfer } from '../api/types'
import { cancelTransfer, confirmTransfer, invalidateAdvisory } from '../api/writes'
import { useIdParam, useTextParam } from '../lib/params'
import { accountHomePath } from '../lib/paths'
import { itemKey, parseItems } from '../lib/transfer'
import '../advisory.css'

const TRANSFER_STATUS: Record<string, string> = {
  APPLYING: '申请中',
  READY: '待转入',
  TRANSFER_IN: '转入中',
  COMPLETE: '已完成',
  TA_ERROR: '转入失败',
  CLOSED: '已撤销',
}

export default function TransferInvitePreviewPage() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const serviceAccountId = useIdParam('serviceAccountId')
  const wanted = new Set(parseItems(useTextParam('items')).map(itemKey))
  const query = useTransferPreview(serviceAccountId)
  const [password, setPassword] = useState(false)
  const [transfer, setTransfer] = useState<Transfer | null>(null)

  if (transfer) {
    return (
      <div data-testid="fa-transfer-result">
        <ResultView
          status={transfer.status === 'CLOSED' ? 'info' : 'waiting'}
          title={`转入${TRANSFER_STATUS[transfer.status] ?? transfer.status}`}
          description={
            transfer.status === 'CLOSED' ? '转入申请已撤销。' : '持仓将于下一交易日转入投顾账户。'
          }
          actions={[
            { text: '返回投顾账户', onClick: () => navigate(accountHomePath(serviceAccountId)) },
            ...(transfer.status === 'APPLYING'
              ? [
                  {
                    text: '撤销申请',
                    primary: false,
                    onClick: () =>
                      void cancelTransfer(transfer.transferId).then(setTransfer, (e: unknown) =>
                        showFailToast(e instanceof ApiError ? e.message : '网络错误'),
                      ),
                  },
                ]
              : []),
          ]}
        />
      </div>
    )
  }

  return (
    <div className="fa-page" data-testid="fa-transfer-preview">
      <QueryView
        query={query}
        rows={4}
        isEmpty={(d) => !d.itemList.some((i) => wanted.has(itemKey(i)))}
        emptyTitle="未选择可转入的持仓"
      >
        {(d) => {
          const items = d.itemList.filter((i) => wanted.has(itemKey(i)))
          return (
            <>
              <Section title="转入持仓">
                {items.map((i) => (
                  <div className="fa-row" key={itemKey(i)}>
                    <div className="fa-row__main">
                      {i.fundName}
                      <div className="fa-row__sub">
                        自{i.financialAccountName}转入 {formatNumber(i.shares)}份
                      </div>
                    </div>
                    <span className="fa-row__amount">{formatMoney(i.marketValue)}元</span>
                  </div>
                ))}
              </Section>
              <div className="trade-notice">
                转入后这些份额计入投顾账户资产，按投顾服务费率计提服务费，并随投顾调仓调整。
              </div>
              <div className="trade-footer">
                <Button block color="primary" onClick={() => setPassword(true)}>
                  确认转入
                </Button>
              </div>
              <TradePasswordPopup
                visible={password}
                description="确认转入投顾账户"
                onClose={() => setPassword(false)}
                onSubmit={async (tradePassword) => {
                  try {
                    const t = await confirmTransfer({
                      serviceAccountId,
                      itemList: items.map((i) => ({
                        financialAccountId: i.financialAccountId,
                        fundCode: i.fundCode,
                      })),
                      tradePassword,
                    })
                    setPassword(false)
                    await invalidateAdvisory(queryClient)
                    setTransfer(t)
                  } catch (e) {
                    if (e instanceof ApiError && e.error === 'trade_password_wrong') throw e
                    setPassword(false)
                    showFailToast(e instanceof ApiError ? e.message : '网络错误')
                  }
                }}
              />
            </>
          )
        }}
      </QueryView>
    </div>
  )
}
