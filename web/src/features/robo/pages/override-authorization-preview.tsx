/**
 * 授权预览 (fa/overrideAuthorizationPreview, planningId): the over-level authorisation as the
 * investor gives it — the investor's grade, the products above it with their levels and weights,
 * the risk they accept — and every decision recorded for the plan; read only.
 */
import { QueryView } from '@/components/query-view'
import { Section } from '@/components/section'
import { useIdParam } from '@/features/advisory'
import { useRiskPermission } from '../api/queries'
import { RiskPermissionView } from '../components/risk-permission-view'
import '../robo.css'

export default function OverrideAuthorizationPreviewPage() {
  const planningId = useIdParam('planningId')
  const query = useRiskPermission(planningId)
  return (
    <QueryView query={query} rows={6} emptyTitle="方案不存在">
      {(p) => (
        <div className="fa-page fa-page--plain" data-testid="robo-override-preview">
          <Section title="超风险等级产品授权书">
            <div className="robo-article">
              <p>
                本人风险承受能力等级为C{p.riskGrade}（{p.riskGradeName}
                ）。本人所选投资方案包含下列风险等级高于本人风险承受能力的产品。本人已充分了解上述产品的风险，自愿授权按方案配置，并自行承担相应投资风险。
              </p>
            </div>
          </Section>
          <RiskPermissionView p={p} />
        </div>
      )}
    </QueryView>
  )
}
