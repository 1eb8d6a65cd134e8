/**
 * 对账单 (statementList): the list of statements, or, with financialAccountId and period, the
 * viewer of one statement.
 */
import { useSearchParams } from 'react-router'
import StatementListPage from './statement-list'
import StatementViewerPage from './statement-viewer'

export default function StatementsPage() {
  const [params] = useSearchParams()
  return params.get('financialAccountId') && params.get('period') ? (
    <StatementViewerPage />
  ) : (
    <StatementListPage />
  )
}
