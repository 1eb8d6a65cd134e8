import { List } from 'antd-mobile'
import { QueryView } from '@/components/query-view'
import { useFinancialAccounts } from '../api/get-financial-accounts'
import '../financial-accounts.css'

/** 理财账户说明: what financial accounts are and the broker's maximum. */
export default function FinancialAccountTipsPage() {
  const query = useFinancialAccounts(false)
  return (
    <div className="explain-page">
      <h2>什么是理财账户？</h2>
      <p className="form-page__intro">
        理财账户是您基金账户下的资产分组。您可以为养老、子女教育、旅行等不同目标分别创建账户，
        买入时选择账户，各账户的资产、收益独立统计，互不影响。
      </p>
      <List header="规则">
        <List.Item>开户后自动创建「默认账户」，默认账户不可隐藏</List.Item>
        <QueryView query={query} rows={1}>
          {(list) => (
            <List.Item>
              最多可创建 {list.maxFinancialAccounts} 个理财账户（含默认账户），当前已有{' '}
              {list.realFinancialAccountCount} 个
            </List.Item>
          )}
        </QueryView>
        <List.Item>隐藏账户不在「我的」页展示，资产与收益照常计算</List.Item>
        <List.Item>账户收益为账户内各持仓收益之和，净值更新前显示「更新中」</List.Item>
      </List>
    </div>
  )
}
