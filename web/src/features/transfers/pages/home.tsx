/**
 * 资产转入 (transferOnline/home): why and how to bring holdings over, the four ways in, the
 * latest applications and the offline adviser the customer is bound to.
 */
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { Section } from '@/components/section'
import { useApplications, useRelation } from '../api/calls'
import { ApplicationCard } from '../components/application-card'
import { Ways } from '../components/ways'
import { TEXTS } from '../lib/texts'
import '../transfers.css'

const LATEST = 3

export default function TransferHomePage() {
  const navigate = useNavigate()
  const list = useApplications()
  const relation = useRelation()
  return (
    <div className="xfer-page" data-testid="transfer-home">
      <div className="xfer-hero">
        <div className="xfer-hero__title">一键转入，统一管理</div>
        <div className="xfer-hero__text">{TEXTS.intro}</div>
      </div>
      <Section
        title="选择转入方式"
        extra="转入说明 ›"
        onExtra={() => navigate('/transferOnline/info')}
      >
        <Ways />
        <p className="xfer-muted">
          没有表格？
          <button
            type="button"
            className="xfer-link"
            onClick={() => navigate('/transferOnline/template')}
          >
            下载模板
          </button>
        </p>
      </Section>
      <Section title="转入记录" extra="全部 ›" onExtra={() => navigate('/transferOnline/record')}>
        <QueryView
          query={list}
          rows={2}
          isEmpty={(d) => d.length === 0}
          emptyTitle={TEXTS.noApplications}
        >
          {(d) => (
            <>
              {d.slice(0, LATEST).map((a) => (
                <ApplicationCard key={a.applicationId} application={a} />
              ))}
            </>
          )}
        </QueryView>
      </Section>
      {relation.data?.bound && (
        <Section title="我的服务投顾">
          <p className="xfer-muted" data-testid="transfer-adviser">
            {relation.data.adviserName}
            {relation.data.shopName ? ` · ${relation.data.shopName}` : ''}
          </p>
        </Section>
      )}
    </div>
  )
}
