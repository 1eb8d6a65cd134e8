/**
 * 持仓转入 (fa/transferInvite, serviceAccountId): the customer's holdings, outside service
 * accounts, of the strategy's component funds; the chosen ones are moved into the account
 * (fa/transferInvitePreview confirms).
 */
import { useState } from 'react'
import { Button, Checkbox, ErrorBlock } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { Section } from '@/components/section'
import { formatMoney, formatNumber } from '@/lib/format'
import { showFailToast } from '@/lib/toast'
import { useTransferPreview } from '../api/get-transfer-preview'
import { useIdParam } from '../lib/params'
import { faPath } from '../lib/paths'
import { itemKey } from '../lib/transfer'
import '../advisory.css'

export default function TransferInvitePage() {
  const navigate = useNavigate()
  const serviceAccountId = useIdParam('serviceAccountId')
  const query = useTransferPreview(serviceAccountId)
  const [chosen, setChosen] = useState<string[]>([])
  return (
    <div className="fa-page" data-testid="fa-transfer-invite">
      <div className="trade-notice">
        将您在其他理财账户持有的同款基金转入投顾账户，由投顾统一管理；转入不产生交易费用，下一交易日完成。
      </div>
      <QueryView
        query={query}
        rows={4}
        isEmpty={(d) => d.itemList.length === 0}
        empty={
          <ErrorBlock
            status="empty"
            title="暂无可转入的持仓"
            description="您未持有该组合的成分基金"
          />
        }
      >
        {(d) => (
          <Section title="可转入持仓">
            <Checkbox.Group value={chosen} onChange={(v) => setChosen(v as string[])}>
              {d.itemList.map((i) => (
                <div className="fa-row" key={itemKey(i)}>
                  <Checkbox value={itemKey(i)}>
                    {i.fundName}
                    <div className="fa-row__sub">
                      {i.financialAccountName} · {formatNumber(i.shares)}份
                    </div>
                  </Checkbox>
                  <span className="fa-row__amount">{formatMoney(i.marketValue)}元</span>
                </div>
              ))}
            </Checkbox.Group>
          </Section>
        )}
      </QueryView>
      <div className="trade-footer">
        <Button
          block
          color="primary"
          onClick={() => {
            if (chosen.length === 0) return showFailToast('请选择要转入的持仓')
            navigate(faPath('transferInvitePreview', serviceAccountId, { items: chosen.join(',') }))
          }}
        >
          下一步
        </Button>
      </div>
    </div>
  )
}
