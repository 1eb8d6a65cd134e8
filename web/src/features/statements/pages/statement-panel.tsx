/**
 * 对账单 on 收益账本 (profitBookList with reportType): the statements have no screen of their own
 * (docs/product.md lists none), so they open over the profit book in a full-height panel: with
 * reportType alone the list of that type, with financialAccountId and period the viewer of one
 * statement. The panel's state is the address, so the back button closes it
 * (docs/statements.md#viewer).
 */
import { NavBar, Popup } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import StatementListPage from './statement-list'
import StatementViewerPage from './statement-viewer'

export function StatementPanel() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const reportType = params.get('reportType')
  const viewing = Boolean(params.get('financialAccountId') && params.get('period'))
  const back = () => {
    // Opened from the screen itself: one step back; opened by a link: to the book.
    if ((window.history.state as { idx?: number } | null)?.idx) navigate(-1)
    else navigate('/profitBookList', { replace: true })
  }
  return (
    <Popup
      visible={reportType !== null}
      position="right"
      destroyOnClose
      bodyStyle={{ width: '100vw', height: '100%', overflowY: 'auto' }}
      bodyClassName="statements-panel"
    >
      <NavBar onBack={back} data-testid="statement-panel-bar">
        {viewing ? '对账单详情' : '对账单'}
      </NavBar>
      {reportType !== null && (viewing ? <StatementViewerPage /> : <StatementListPage />)}
    </Popup>
  )
}
