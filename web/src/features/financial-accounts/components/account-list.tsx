import { useState } from 'react'
import { useNavigate } from 'react-router'
import { LazyActionSheet, loadPopup, showAlert } from '@/components/lazy-popup'
import { MountWhenShown } from '@/components/mount-when-shown'
import { QueryView } from '@/components/query-view'
import { accountDetailPath } from '@/lib/account-paths'
import { useFinancialAccounts, type FinancialAccount } from '../api/get-financial-accounts'
import { limitMessage } from '../limit'
import { AccountCard } from './account-card'
import '../financial-accounts.css'

/** 理财账户 (docs/product.md#screens-and-routes): the account cards, 新增理财账户, the manage sheet (创建账户,
 * 管理账户) and the toggle that expands or collapses the hidden accounts. */
export function AccountList({ hideAmounts = false }: { hideAmounts?: boolean }) {
  const navigate = useNavigate()
  const query = useFinancialAccounts(true)
  const [sheet, setSheet] = useState(false)
  const [expanded, setExpanded] = useState(false)

  return (
    <section className="fa-section" aria-label="理财账户">
      <div className="fa-section__head">
        <h3>理财账户</h3>
        <div className="fa-section__tools">
          <button type="button" onClick={() => navigate('/financialAccountTips')}>
            说明
          </button>
          <button type="button" onClick={() => setSheet(true)}>
            管理
          </button>
        </div>
      </div>
      <QueryView query={query} rows={3}>
        {(list) => {
          const create = () => {
            const blocked = limitMessage(list)
            if (blocked) {
              void showAlert({ content: blocked, confirmText: '我知道了' })
              return
            }
            navigate('/financialAccountManage')
          }
          const open = (a: FinancialAccount) => navigate(accountDetailPath(a))
          return (
            <>
              {list.visibleAccountList.length === 0 && <div className="fa-empty">暂无理财账户</div>}
              {list.visibleAccountList.map((a) => (
                <AccountCard
                  key={a.financialAccountId}
                  account={a}
                  hideAmounts={hideAmounts}
                  onClick={() => open(a)}
                />
              ))}
              {expanded &&
                list.hiddenAccountList.map((a) => (
                  <AccountCard
                    key={a.financialAccountId}
                    account={a}
                    hideAmounts={hideAmounts}
                    onClick={() => open(a)}
                  />
                ))}
              {list.hiddenAccountList.length > 0 && (
                <button type="button" className="fa-toggle" onClick={() => setExpanded(!expanded)}>
                  {expanded ? '收起隐藏账户' : `展开隐藏账户（${list.hiddenAccountList.length}）`}
                </button>
              )}
              <button
                type="button"
                className="fa-toggle"
                style={{ color: 'var(--adm-color-primary)' }}
                onClick={create}
              >
                + 新增理财账户
              </button>
              <MountWhenShown visible={sheet} load={loadPopup} onLoadError={() => setSheet(false)}>
                {(shown) => (
                  <LazyActionSheet
                    visible={shown}
                    onClose={() => setSheet(false)}
                    cancelText="取消"
                    actions={[
                      { key: 'create', text: '创建账户', onClick: create },
                      {
                        key: 'manage',
                        text: '管理账户',
                        onClick: () => navigate('/financialAccountVisibility'),
                      },
                    ]}
                    onAction={() => setSheet(false)}
                  />
                )}
              </MountWhenShown>
            </>
          )
        }}
      </QueryView>
    </section>
  )
}
