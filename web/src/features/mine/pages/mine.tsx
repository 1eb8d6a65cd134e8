import { Button, List } from 'antd-mobile'
import {
  BankcardOutline,
  FileOutline,
  HistogramOutline,
  LockOutline,
  SetOutline,
  UnorderedListOutline,
} from 'antd-mobile-icons'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useSetting, useUpdateSetting } from '@/features/accounts'
import { HoldingsSection } from '@/features/assets'
import { useCustomer } from '@/features/auth'
import { AccountList, useFinancialAccounts } from '@/features/financial-accounts'
import { AssetTotal } from '../components/asset-total'
import { MineHeader } from '../components/mine-header'
import '../mine.css'

/** 我的 (tab): the user, total assets, 理财账户, 账户持仓 (the trading feature's section) and
 * the menu. A user without an account is offered to open one. */
export default function MinePage() {
  const navigate = useNavigate()
  const customer = useCustomer()
  const setting = useSetting()
  const updateSetting = useUpdateSetting()
  const accounts = useFinancialAccounts(true)
  const hideAmounts = setting.data?.hideAmounts ?? false

  return (
    <QueryView query={customer}>
      {(me) => (
        <div className="mine">
          <MineHeader me={me} />
          {me.accountId ? (
            <>
              <QueryView query={accounts} rows={2}>
                {(list) => (
                  <AssetTotal
                    list={list}
                    hidden={hideAmounts}
                    onToggle={() => updateSetting.mutate({ hideAmounts: !hideAmounts })}
                  />
                )}
              </QueryView>
              <AccountList hideAmounts={hideAmounts} />
              <HoldingsSection hideAmounts={hideAmounts} />
            </>
          ) : (
            <div className="mine-open">
              <div>
                <strong>开通基金账户</strong>
                <p>开户后即可买卖基金、查看资产与收益</p>
              </div>
              <Button color="primary" size="small" onClick={() => navigate('/identityBinding')}>
                去开户
              </Button>
            </div>
          )}
          <List className="mine-menu">
            <List.Item prefix={<BankcardOutline />} onClick={() => navigate('/bankCard')}>
              银行卡
            </List.Item>
            <List.Item prefix={<LockOutline />} onClick={() => navigate('/accountSecurity')}>
              账户安全
            </List.Item>
            <List.Item prefix={<HistogramOutline />} onClick={() => navigate('/surveyResult')}>
              风险测评
            </List.Item>
            <List.Item
              prefix={<UnorderedListOutline />}
              onClick={() => navigate('/transactionRecord')}
            >
              交易记录
            </List.Item>
            <List.Item prefix={<FileOutline />} onClick={() => navigate('/moreServices')}>
              更多服务
            </List.Item>
            <List.Item prefix={<SetOutline />} onClick={() => navigate('/setting')}>
              设置
            </List.Item>
          </List>
        </div>
      )}
    </QueryView>
  )
}
