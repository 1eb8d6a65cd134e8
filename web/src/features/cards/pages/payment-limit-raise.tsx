import { List } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { formatLarge } from '@/lib/format'
import { useBanks } from '../api/get-banks'
import '../cards.css'

/** 支付限额: each bank's quick-payment limits and the ways past them. */
export default function PaymentLimitRaisePage() {
  const navigate = useNavigate()
  const query = useBanks()
  return (
    <div className="form-page">
      <List header="超过限额怎么办">
        <List.Item
          description="招商银行卡签约后单笔可达20万元"
          onClick={() => navigate('/raiseCMBPayment')}
        >
          招商银行提升限额
        </List.Item>
        <List.Item
          description="通过网银或柜台汇款，不受快捷支付限额"
          onClick={() => navigate('/offlinePaymentExplain')}
        >
          线下转账
        </List.Item>
        <List.Item description="分多笔买入，每笔不超过单笔限额">分笔买入</List.Item>
      </List>
      <h3 className="section-title">各银行快捷支付限额（元）</h3>
      <QueryView query={query}>
        {(banks) => (
          <table className="limit-table">
            <thead>
              <tr>
                <th>银行</th>
                <th>单笔</th>
                <th>单日</th>
              </tr>
            </thead>
            <tbody>
              {banks.map((b) => (
                <tr key={b.bankNo}>
                  <td>{b.bankShortName}</td>
                  <td>{formatLarge(b.singleLimit, 0)}</td>
                  <td>{formatLarge(b.dailyLimit, 0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryView>
    </div>
  )
}
