import { useSearchParams } from 'react-router'
import { NoticeList } from './notice-list'

/** reportList (productCode): the product's periodic reports (季报、年报). */
export default function ReportList() {
  const [params] = useSearchParams()
  const code = params.get('productCode') ?? params.get('poCode') ?? params.get('fundCode') ?? ''
  return (
    <div data-testid="report-list">
      <NoticeList kind="reports" productCode={code} header="定期报告" />
    </div>
  )
}
