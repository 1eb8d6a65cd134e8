/**
 * 签署预览 (fa/proposalSigningPreview, planningId, poCode): what confirming the plan signs — the
 * plan's summary and chosen alternative, the robo strategy's agreement files (each opens on
 * fa/previewContract) and its adviser fee terms.
 */
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { Section } from '@/components/section'
import { FeeTerms, useContractDetail, useIdParam, useTextParam } from '@/features/advisory'
import { usePlanning } from '../api/queries'
import type { Planning } from '../api/types'
import { AllocationHead, AllocationItems } from '../components/allocation-view'
import { PlanSummary } from '../components/plan-summary'
import { withQuery } from '../lib/paths'
import { strategyOf } from './proposal'
import '../robo.css'

function Files({ poCode }: { poCode: string }) {
  const navigate = useNavigate()
  const contract = useContractDetail({ poCode: poCode || undefined })
  return (
    <QueryView query={contract} rows={3} emptyTitle="暂无协议文件">
      {(c) => (
        <>
          <Section title="协议文件">
            <div className="fa-files">
              {c.fileList.map((f) => (
                <a
                  key={f.fileId}
                  role="link"
                  onClick={() =>
                    navigate(withQuery('/fa/previewContract', { poCode, fileId: f.fileId }))
                  }
                >
                  《{f.name}》
                </a>
              ))}
            </div>
          </Section>
          <Section title="投顾服务费">
            <FeeTerms info={c.adviserFeeInfo} />
          </Section>
        </>
      )}
    </QueryView>
  )
}

function Preview({ plan, poCode }: { plan: Planning; poCode: string }) {
  const a = plan.allocations.find((x) => x.allocationId === plan.selectedAllocationId)
  return (
    <div className="fa-page fa-page--plain" data-testid="robo-signing-preview">
      <PlanSummary plan={plan} />
      {a && (
        <Section title={<AllocationHead a={a} />}>
          <AllocationItems a={a} />
        </Section>
      )}
      <Files poCode={poCode} />
    </div>
  )
}

export default function ProposalSigningPreviewPage() {
  const planningId = useIdParam('planningId')
  const poCode = useTextParam('poCode')
  const query = usePlanning(planningId)
  return (
    <QueryView query={query} rows={8} emptyTitle="方案不存在">
      {(p) => <Preview plan={p} poCode={strategyOf(p, poCode)} />}
    </QueryView>
  )
}
