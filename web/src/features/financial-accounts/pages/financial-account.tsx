import { Button, Dialog, List, Toast } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { formatMoney, formatSigned } from '@/lib/format'
import { useFinancialAccounts } from '../api/get-financial-accounts'
import { useUpdateHiddenStatus } from '../api/update-hidden-status'
import '../financial-accounts.css'

/** 理财账户 detail (financialAccountId): its figures, renaming and hiding. */
export default function FinancialAccountPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const id = Number(params.get('financialAccountId'))
  const query = useFinancialAccounts(true)
  const hide = useUpdateHiddenStatus()
  return (
    <QueryView query={query}>
      {(list) => {
        const account = list.financialAccountList.find((a) => a.financialAccountId === id)
        if (!account) {
          return (
            <div className="fa-empty">
              <p>账户不存在或已删除</p>
              <Button size="small" onClick={() => navigate('/mine', { replace: true })}>
                返回我的
              </Button>
            </div>
          )
        }
        const toggle = () =>
          Dialog.confirm({
            content: account.isHidden
              ? '显示后该账户将出现在理财账户列表中。'
              : '隐藏后该账户不在列表中展示，资产与收益照常计算，可在「管理账户」中恢复显示。',
            onConfirm: () =>
              hide
                .mutateAsync([
                  { financialAccountId: account.financialAccountId, isHidden: !account.isHidden },
                ])
                .then(
                  () => {
                    Toast.show({ icon: 'success', content: account.isHidden ? '已显示' : '已隐藏' })
                  },
                  (err: Error) => {
                    Toast.show({ content: err.message })
                  },
                ),
          })
        return (
          <div className="form-page">
            <div className="fa-detail__hero">
              <div>{account.financialAccountName}</div>
              <div className="fa-card__amount">{formatMoney(account.holdingAsset)}</div>
              <div className="fa-card__figures">
                <div className="fa-card__figure">
                  <span>昨日收益</span>
                  <strong>{formatSigned(account.previousProfit)}</strong>
                </div>
                <div className="fa-card__figure">
                  <span>持有收益</span>
                  <strong>{formatSigned(account.holdingProfit)}</strong>
                </div>
                <div className="fa-card__figure">
                  <span>累计收益</span>
                  <strong>{formatSigned(account.accumulatedProfit)}</strong>
                </div>
              </div>
            </div>
            <List header="账户设置">
              <List.Item
                extra={account.financialAccountName}
                onClick={() =>
                  navigate(
                    `/financialAccountManage?financialAccountId=${account.financialAccountId}&financialAccountName=${encodeURIComponent(account.financialAccountName)}`,
                  )
                }
              >
                账户名称
              </List.Item>
              <List.Item extra={account.realFinancialAccount ? '理财账户' : '专属账户'}>
                账户类型
              </List.Item>
              <List.Item
                extra={
                  account.profitProgress === 'UPDATING' ? '更新中' : (account.updateDate ?? '--')
                }
              >
                收益更新日期
              </List.Item>
              {!account.isDefault && (
                <List.Item onClick={toggle} extra={account.isHidden ? '已隐藏' : '展示中'}>
                  {account.isHidden ? '显示该账户' : '隐藏该账户'}
                </List.Item>
              )}
            </List>
          </div>
        )
      }}
    </QueryView>
  )
}
