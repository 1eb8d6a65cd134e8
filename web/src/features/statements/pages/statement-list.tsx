/**
 * 对账单 (on profitBookList, reportType month|year): the monthly and yearly statements of the
 * user's accounts, newest first; each opens in the statement viewer, which has it rendered on
 * first opening.
 */
import { List, Tabs } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useReportList } from '../api/calls'
import type { ReportType } from '../api/types'
import { EMPTY_LIST_TEXT, STATUS_TEXT, statementListPath, statementViewerPath } from '../lib/texts'
import '../statements.css'

export default function StatementListPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const type: ReportType = params.get('reportType') === 'year' ? 'year' : 'month'
  const reports = useReportList(type)
  return (
    <div className="statements-page" data-testid="statement-list">
      <Tabs
        activeKey={type}
        onChange={(key) => navigate(statementListPath(key as ReportType), { replace: true })}
      >
        <Tabs.Tab title="月度对账单" key="month" />
        <Tabs.Tab title="年度对账单" key="year" />
      </Tabs>
      <QueryView
        query={reports}
        rows={5}
        isEmpty={(list) => list.length === 0}
        emptyTitle="暂无对账单"
        emptyDescription={EMPTY_LIST_TEXT[type]}
      >
        {(list) => (
          <List>
            {list.map((r) => (
              <List.Item
                key={`${r.financialAccountId}-${r.period}`}
                description={`${r.accountName} · ${r.startDate} 至 ${r.endDate}`}
                extra={r.status ? STATUS_TEXT[r.status] : '查看'}
                onClick={() => navigate(statementViewerPath(r))}
              >
                {r.title}
              </List.Item>
            ))}
          </List>
        )}
      </QueryView>
      <p className="statements-note statements-note--pad">
        对账单按账户生成，内容包括期末持仓、交易、分红、费用和收益，以 PDF 文件提供。
      </p>
    </div>
  )
}
