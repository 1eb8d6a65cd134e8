/**
 * 开立养老金账户 (pension/openAccountBank): the bank's opening page of an application made with
 * openTDAccount (applyOpenUrl leads here). Confirming completes the opening (confirmOpen) and
 * shows the result. Without an application the user is sent to choose a bank.
 */
import { useState } from 'react'
import { Button, ErrorBlock } from 'antd-mobile'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { toApiError } from '@/lib/api-client'
import { showFailToast } from '@/lib/toast'
import { usePensionAccount } from '../api/get-td-account'
import { confirmOpen, invalidateAfterPensionWrite } from '../api/pension-writes'
import '../pension.css'

export default function PensionOpenAccountBankPage() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [params] = useSearchParams()
  const account = usePensionAccount()
  const [busy, setBusy] = useState(false)

  return (
    <div className="pension-page">
      <QueryView query={account} rows={4}>
        {(a) => {
          const applyNo = params.get('applyNo') || a.applyNo || ''
          if (a.status === 'ACTIVE' && !a.applyNo) {
            return (
              <div className="pension-card">
                <ErrorBlock
                  status="default"
                  title="您已开通个人养老金资金账户"
                  description={`${a.bankName ?? ''}(${a.accountTail ?? ''})，每人只能开立一个`}
                />
                <Button block color="primary" onClick={() => navigate('/pension/home')}>
                  查看养老金账户
                </Button>
              </div>
            )
          }
          if (!a.hasAccount || !applyNo) {
            return (
              <div className="pension-card">
                <ErrorBlock status="empty" title="暂无开户申请" description="请先选择开户银行" />
                <Button
                  block
                  color="primary"
                  onClick={() => navigate('/pension/bankList?way=open')}
                >
                  选择开户银行
                </Button>
              </div>
            )
          }
          const opened = a.status === 'ACTIVE'
          const finish = async () => {
            setBusy(true)
            try {
              await confirmOpen(applyNo)
              await invalidateAfterPensionWrite(queryClient)
              navigate('/pension/bindAccountResult?way=open', { replace: true })
            } catch (e) {
              showFailToast(toApiError(e).message)
            } finally {
              setBusy(false)
            }
          }
          return (
            <div className="pension-card">
              <div className="pension-card__title">{a.bankName} · 个人养老金资金账户开户</div>
              <div className="pension-muted">
                <p>申请编号：{applyNo}</p>
                <p>开户城市：{a.city}</p>
                <p>
                  个人养老金资金账户为特殊专用资金账户，仅用于个人养老金缴存、购买个人养老金产品及领取，
                  资金封闭运行，达到领取条件前不可支取。
                </p>
              </div>
              <Button
                block
                color="primary"
                loading={busy}
                disabled={opened}
                onClick={finish}
                data-testid="pension-confirm-open"
              >
                {opened ? '已开户' : '确认开户'}
              </Button>
            </div>
          )
        }}
      </QueryView>
    </div>
  )
}
