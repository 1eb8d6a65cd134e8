/**
 * 选择银行 (pension/bankList): the banks of the personal pension fund account. With way=open only
 * the banks that open one online are offered; with way=bind every bank; each leads to the form
 * (pension/bindAccount) for that bank.
 */
import { List, Tag } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { usePensionBanks } from '../api/get-bank-list'
import '../pension.css'

export default function PensionBankListPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const way = params.get('way') === 'bind' ? 'bind' : 'open'
  const banks = usePensionBanks()
  return (
    <div className="pension-page">
      <div className="pension-card pension-muted">
        {way === 'open'
          ? '选择开户银行，在线开立个人养老金资金账户（每人只能开立一个）'
          : '选择您已开立个人养老金资金账户的银行进行绑定'}
      </div>
      <QueryView query={banks} rows={6}>
        {(list) => (
          <List>
            {list
              .filter((b) => way === 'bind' || b.canOpen)
              .map((b) => (
                <List.Item
                  key={b.bankNo}
                  description={b.highlight}
                  extra={b.canOpen ? <Tag color="success">可在线开户</Tag> : <Tag>仅绑定</Tag>}
                  onClick={() => navigate(`/pension/bindAccount?bankNo=${b.bankNo}&way=${way}`)}
                  arrow
                >
                  {b.bankName}
                </List.Item>
              ))}
          </List>
        )}
      </QueryView>
      <div className="pension-footer">
        <a onClick={() => navigate('/pension/static/bankRecommondPage')} role="link">
          如何选择开户银行？
        </a>
      </div>
    </div>
  )
}
