/**
 * 资产转入 · 定投 (assetsTransfer): the funds brought over, and whether a 定投 kept on the other
 * platform can carry on here (transfer/aip); 设置定投 opens the plan screen for the fund in the
 * account it came into.
 */
import { Button, ErrorBlock } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { Section } from '@/components/section'
import { investPlanPath } from '@/features/plans'
import { useAipCandidates } from '../api/calls'
import '../transfers.css'

export default function AssetsTransferPage() {
  const navigate = useNavigate()
  const aip = useAipCandidates()
  return (
    <div className="xfer-page">
      <Section title="定投转入">
        <p className="xfer-muted">
          在原平台设置的定投不会随持仓转入。以下是已转入的基金，可在本平台重新设置定投，扣款自设置后的首个定投日开始。
        </p>
        <QueryView
          query={aip}
          rows={3}
          isEmpty={(d) => d.length === 0}
          empty={
            <ErrorBlock
              status="empty"
              title="暂无已转入的基金"
              description="转入完成后可在此设置定投"
            />
          }
        >
          {(d) => (
            <div data-testid="transfer-aip">
              {d.map((c) => (
                <div key={`${c.fundCode}-${c.financialAccountId}`} className="xfer-row">
                  <div className="xfer-row__head">
                    <span className="xfer-row__name">
                      {c.fundName}
                      <span className="xfer-row__code">{c.fundCode}</span>
                    </span>
                    <Button
                      size="mini"
                      color="primary"
                      disabled={!c.canPlan}
                      onClick={() =>
                        navigate(
                          investPlanPath({
                            productCode: c.fundCode,
                            productType: 'fund',
                            financialAccountId: c.financialAccountId,
                          }),
                        )
                      }
                    >
                      设置定投
                    </Button>
                  </div>
                  {c.reason && <p className="xfer-error">{c.reason}</p>}
                </div>
              ))}
            </div>
          )}
        </QueryView>
      </Section>
    </div>
  )
}
