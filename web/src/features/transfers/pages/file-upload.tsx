/**
 * 批量上传 (transferOnline/bulkUpload): a CSV or Excel table of holdings in the template's
 * columns (基金代码、基金名称、持有份额、持仓成本), at most 2MB and 200 rows; the rows open on
 * the recognition screen, unknown fund codes flagged there.
 */
import { Button } from 'antd-mobile'
import { useRef } from 'react'
import { useNavigate } from 'react-router'
import { Section } from '@/components/section'
import { uploadHoldingsFile } from '../api/calls'
import { useRecognize } from '../lib/use-recognize'
import '../transfers.css'

export default function FileUploadPage() {
  const navigate = useNavigate()
  const input = useRef<HTMLInputElement>(null)
  const { run, busy, error } = useRecognize(uploadHoldingsFile)
  return (
    <div className="xfer-page">
      <Section title="上传持仓表格">
        <p className="xfer-muted">
          支持 CSV 与 Excel（.xlsx），不超过2MB、200行。首行为表头：基金代码、基金名称、
          持有份额、持仓成本。
        </p>
        <input
          ref={input}
          className="xfer-file-input"
          type="file"
          aria-label="选择表格文件"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(e) => {
            const file = e.target.files?.[0]
            if (input.current) input.current.value = ''
            if (file) void run(file)
          }}
        />
        <div className="xfer-actions" style={{ margin: '16px 0 0' }}>
          <Button block color="primary" loading={busy} onClick={() => input.current?.click()}>
            选择文件
          </Button>
          <Button block fill="outline" onClick={() => navigate('/transferOnline/template')}>
            下载模板
          </Button>
        </div>
        {error && (
          <p className="xfer-error" data-testid="transfer-error">
            {error}
          </p>
        )}
      </Section>
    </div>
  )
}
