/**
 * 导入数据 (importData): what can be brought from another platform — holdings (by any of the
 * four ways) and, for an application, the profit history (previewResult).
 */
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { Section } from '@/components/section'
import { useApplications } from '../api/calls'
import { Ways } from '../components/ways'
import { STATUS_TEXT } from '../lib/texts'
import '../transfers.css'

export default function ImportDataPage() {
  const navigate = useNavigate()
  const list = useApplications()
  return (
    <div className="xfer-page">
      <Section title="导入持仓">
        <Ways />
      </Section>
      <Section title="导入原平台收益记录">
        <p className="xfer-muted">
          上传原平台的每日收益记录（CSV：日期,收益），附在转入申请上，转入前的收益走势一并保留。
        </p>
        <QueryView
          query={list}
          rows={2}
          isEmpty={(d) => d.filter((a) => a.status !== 'CLOSED').length === 0}
          emptyTitle="提交转入申请后可导入收益记录"
        >
          {(d) =>
            d
              .filter((a) => a.status !== 'CLOSED')
              .map((a) => (
                <div
                  key={a.applicationId}
                  className="xfer-row"
                  role="link"
                  onClick={() => navigate(`/previewResult?applicationId=${a.applicationId}`)}
                >
                  <div className="xfer-row__head">
                    <span className="xfer-row__name">
                      {a.items.map((i) => i.fundName).join('、')}
                    </span>
                    <span className="xfer-muted">{STATUS_TEXT[a.status]} ›</span>
                  </div>
                </div>
              ))
          }
        </QueryView>
      </Section>
    </div>
  )
}
