import { useNavigate, useSearchParams } from 'react-router'
import { RightOutline } from 'antd-mobile-icons'
import { useDailyProfitList } from '../api/get-daily-profit-list'
import { ProfitList } from '../components/profit-list'
import { accountPath } from '../lib/links'
import '../assets.css'

/** /profitDetail (financialAccountId): the account's daily profits, with the way to 收益分析. */
export default function ProfitDetailPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const financialAccountId = Number(params.get('financialAccountId')) || null
  const query = useDailyProfitList(financialAccountId)
  return (
    <div className="asset-page">
      <button
        type="button"
        className="asset-entry"
        onClick={() => navigate(accountPath('/profitAnalysis', financialAccountId))}
      >
        <span>收益日历与累计收益走势</span>
        <span>
          收益分析 <RightOutline />
        </span>
      </button>
      <ProfitList query={query} />
    </div>
  )
}
