/**
 * 导入预览 (previewResult, applicationId): the other platform's profit history — a CSV of
 * 日期,收益 read for checking (preProcessProfits), its days, total and the lines that could not
 * be read, then 确认导入 (uploadProfits) attaches it to the application.
 */
import { Button, ErrorBlock } from 'antd-mobile'
import { useRef, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { Section } from '@/components/section'
import { formatSigned, trendColor } from '@/lib/format'
import { showSuccessToast } from '@/lib/toast'
import { previewProfits, uploadProfits } from '../api/calls'
import type { ProfitPreview } from '../api/types'
import { applicationPath } from '../components/application-card'
import '../transfers.css'

const SHOWN = 30

export default function ProfitPreviewPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const applicationId = Number(params.get('applicationId')) || 0
  const input = useRef<HTMLInputElement>(null)
  const [preview, setPreview] = useState<ProfitPreview | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const act = async (fn: () => Promise<void>) => {
    setBusy(true)
    setError('')
    try {
      await fn()
    } catch (e) {
      setError(e instanceof Error ? e.message : '操作失败，请重试')
    } finally {
      setBusy(false)
    }
  }
  if (!applicationId) {
    return <ErrorBlock status="empty" title="请从转入申请进入" description="" />
  }
  return (
    <div className="xfer-page">
      <Section title="原平台收益记录">
        <p className="xfer-muted">
          CSV 文件，每行一天：日期,收益（如 2026-11-20,12.30），亏损写负数。
        </p>
        <input
          ref={input}
          className="xfer-file-input"
          type="file"
          accept=".csv,text/csv"
          aria-label="选择收益记录文件"
          onChange={(e) => {
            const file = e.target.files?.[0]
            if (input.current) input.current.value = ''
            if (file) void act(async () => setPreview(await previewProfits(file)))
          }}
        />
        <Button
          block
          fill="outline"
          loading={busy && !preview}
          onClick={() => input.current?.click()}
        >
          {preview ? '重新选择文件' : '选择文件'}
        </Button>
        {error && <p className="xfer-error">{error}</p>}
      </Section>
      {preview && (
        <Section
          title={`共${preview.rows.length}天`}
          extra={`合计 ${formatSigned(preview.total)}元`}
        >
          <table className="xfer-table" data-testid="transfer-profits">
            <tbody>
              {preview.rows
                .slice(-SHOWN)
                .reverse()
                .map((r) => (
                  <tr key={r.profitDate}>
                    <td>{r.profitDate}</td>
                    <td style={{ color: trendColor(r.profit), textAlign: 'right' }}>
                      {formatSigned(r.profit)}
                    </td>
                  </tr>
                ))}
            </tbody>
          </table>
          {preview.rows.length > SHOWN && <p className="xfer-muted">仅显示最近{SHOWN}天</p>}
          {preview.rejected.length > 0 && (
            <p className="xfer-error">
              未能读取{preview.rejected.length}行：{preview.rejected.slice(0, 3).join('；')}
            </p>
          )}
        </Section>
      )}
      {preview && (
        <div className="xfer-footer">
          <Button
            block
            color="primary"
            loading={busy}
            onClick={() =>
              act(async () => {
                await uploadProfits(applicationId, preview.rows)
                showSuccessToast('已导入')
                navigate(applicationPath(applicationId), { replace: true })
              })
            }
          >
            确认导入
          </Button>
        </div>
      )}
    </div>
  )
}
