import { useState } from 'react'
import { Tabs } from 'antd-mobile'
import { useSearchParams } from 'react-router'
import type { NoticeKind } from '../api/get-notices'
import { NoticeList } from './notice-list'

/** prodReportList (productCode): the product's announcements and periodic reports. */
export default function ProdReportList() {
  const [params] = useSearchParams()
  const code = params.get('productCode') ?? params.get('fundCode') ?? ''
  const [kind, setKind] = useState<NoticeKind>(
    params.get('type') === 'reports' ? 'reports' : 'announcements',
  )
  return (
    <div data-testid="prod-report-list">
      <Tabs
        activeKey={kind}
        onChange={(k) => setKind(k as NoticeKind)}
        style={{ background: '#fff' }}
      >
        <Tabs.Tab key="announcements" title="公告" />
        <Tabs.Tab key="reports" title="定期报告" />
      </Tabs>
      <NoticeList key={kind} kind={kind} productCode={code} />
    </div>
  )
}
