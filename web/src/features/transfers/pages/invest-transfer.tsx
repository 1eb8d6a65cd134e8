/**
 * 投资转入 (investTransfer, applicationId): a portfolio held on the other platform comes over
 * as its component funds; naming the portfolio (its ZH code) rebuilds the portfolio holding
 * from them (poRestore), when every component came in with this application.
 */
import { Button, Input } from 'antd-mobile'
import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { Section } from '@/components/section'
import { restorePortfolio, useApplication } from '../api/calls'
import '../transfers.css'

export default function InvestTransferPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const applicationId = Number(params.get('applicationId')) || 0
  const app = useApplication({ applicationId })
  const [poCode, setPoCode] = useState(params.get('poCode') ?? '')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const restore = async () => {
    setBusy(true)
    setError('')
    try {
      const done = await restorePortfolio(applicationId, poCode.trim().toUpperCase())
      navigate(
        `/investTransferResult?poCode=${done.poCode}&poName=${encodeURIComponent(done.poName)}&count=${done.fundCodes.length}`,
        { replace: true },
      )
    } catch (e) {
      setError(e instanceof Error ? e.message : '恢复失败，请重试')
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="xfer-page">
      <QueryView query={app} rows={4} emptyTitle="请从转入申请进入">
        {(a) => (
          <>
            <Section title="恢复为组合">
              <p className="xfer-muted">
                若您在原平台持有的是基金组合，转入的成分基金可恢复为本平台的同名组合持仓，之后按组合查看收益与调仓。
              </p>
              <div className="xfer-field" style={{ marginTop: 8 }}>
                <div className="xfer-field__label">组合代码</div>
                <Input
                  aria-label="组合代码"
                  placeholder="如 ZH000001"
                  value={poCode}
                  onChange={setPoCode}
                />
              </div>
              {error && <p className="xfer-error">{error}</p>}
            </Section>
            <Section title="本次转入的基金">
              {a.items.map((i) => (
                <p key={i.fundCode} className="xfer-muted">
                  {i.fundName}（{i.fundCode}）
                </p>
              ))}
            </Section>
            <div className="xfer-footer">
              <Button
                block
                color="primary"
                disabled={!poCode.trim() || a.status !== 'COMPLETE'}
                loading={busy}
                onClick={restore}
              >
                {a.status === 'COMPLETE' ? '恢复为组合' : '转入完成后可恢复'}
              </Button>
            </div>
          </>
        )}
      </QueryView>
    </div>
  )
}
