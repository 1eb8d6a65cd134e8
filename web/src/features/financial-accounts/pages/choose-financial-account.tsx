import { Button, List, Radio } from 'antd-mobile'
import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { choosableAccounts } from '@/lib/account-paths'
import { formatMoney } from '@/lib/format'
import { useFinancialAccounts } from '../api/get-financial-accounts'
import '../financial-accounts.css'

/** 选择理财账户 (docs/product.md#states): a purchase without financialAccountId comes here (the
 * pension and service accounts are not offered for a purchase: `choosableAccounts`); the choice
 * goes back to the page in ``from`` (app/guard.ts) with financialAccountId added. */
export default function ChooseFinancialAccountPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const redirect = params.get('from') || '/mine'
  const query = useFinancialAccounts(true)
  const [chosen, setChosen] = useState<number | null>(null)
  return (
    <QueryView
      query={query}
      isEmpty={(l) => choosableAccounts(l.visibleAccountList, redirect).length === 0}
    >
      {(list) => (
        <div className="form-page">
          <p className="form-page__intro">请选择本次交易使用的理财账户</p>
          <Radio.Group value={chosen} onChange={(v) => setChosen(Number(v))}>
            <List>
              {choosableAccounts(list.visibleAccountList, redirect).map((a) => (
                <List.Item
                  key={a.financialAccountId}
                  prefix={<Radio value={a.financialAccountId} />}
                  description={`资产 ${formatMoney(a.holdingAsset)} 元`}
                  onClick={() => setChosen(a.financialAccountId)}
                >
                  {a.financialAccountName}
                </List.Item>
              ))}
            </List>
          </Radio.Group>
          <div className="form-page__footer">
            <Button
              block
              color="primary"
              disabled={chosen === null}
              onClick={() => {
                const url = new URL(redirect, window.location.origin)
                url.searchParams.set('financialAccountId', String(chosen))
                navigate(`${url.pathname}${url.search}`, { replace: true })
              }}
            >
              确定
            </Button>
          </div>
        </div>
      )}
    </QueryView>
  )
}
