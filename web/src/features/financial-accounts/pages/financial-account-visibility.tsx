import { useState } from 'react'
import { Button, List, Switch, Toast } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useFinancialAccounts, type FinancialAccountList } from '../api/get-financial-accounts'
import { useUpdateHiddenStatus } from '../api/update-hidden-status'
import '../financial-accounts.css'

function Visibility({ list }: { list: FinancialAccountList }) {
  const navigate = useNavigate()
  const save = useUpdateHiddenStatus()
  const [hidden, setHidden] = useState<Record<number, boolean>>(() =>
    Object.fromEntries(list.financialAccountList.map((a) => [a.financialAccountId, a.isHidden])),
  )
  const changes = list.financialAccountList
    .filter((a) => hidden[a.financialAccountId] !== a.isHidden)
    .map((a) => ({
      financialAccountId: a.financialAccountId,
      isHidden: hidden[a.financialAccountId],
    }))

  return (
    <div className="form-page">
      <p className="form-page__intro">
        关闭「展示」后账户将被隐藏，资产与收益照常计算；默认账户不可隐藏。
      </p>
      <List header="展示的账户">
        {list.financialAccountList.map((a) => (
          <List.Item
            key={a.financialAccountId}
            extra={
              <Switch
                checked={!hidden[a.financialAccountId]}
                disabled={a.isDefault}
                aria-label={`展示${a.financialAccountName}`}
                onChange={(show) => setHidden({ ...hidden, [a.financialAccountId]: !show })}
              />
            }
            description={
              a.isDefault ? '默认账户' : hidden[a.financialAccountId] ? '已隐藏' : '展示中'
            }
          >
            {a.financialAccountName}
          </List.Item>
        ))}
      </List>
      <div className="form-page__footer">
        <Button
          block
          color="primary"
          disabled={changes.length === 0}
          loading={save.isPending}
          onClick={() =>
            save.mutate(changes, {
              onSuccess: () => {
                Toast.show({ icon: 'success', content: '已保存' })
                navigate(-1)
              },
              onError: (err) => Toast.show({ content: err.message }),
            })
          }
        >
          保存
        </Button>
      </div>
    </div>
  )
}

/** 管理隐藏账户: which financial accounts show. */
export default function FinancialAccountVisibilityPage() {
  const query = useFinancialAccounts(false)
  return <QueryView query={query}>{(list) => <Visibility list={list} />}</QueryView>
}
