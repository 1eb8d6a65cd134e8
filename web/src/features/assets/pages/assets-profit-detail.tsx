import { useSearchParams } from 'react-router'
import { useProfitDetail } from '../api/get-profit-detail'
import { ProfitList } from '../components/profit-list'
import '../assets.css'

/** /assetsProfitDetail (productCode, financialAccountId): one holding's daily profits. */
export default function AssetsProfitDetailPage() {
  const [params] = useSearchParams()
  const productCode = params.get('productCode') ?? ''
  const financialAccountId = Number(params.get('financialAccountId')) || 0
  const query = useProfitDetail(financialAccountId, productCode)
  return (
    <div className="asset-page">
      <ProfitList query={query} />
    </div>
  )
}
