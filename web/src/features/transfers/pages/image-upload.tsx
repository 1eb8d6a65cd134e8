/**
 * 上传图片 (transferOnline/bulkImageUpload): a screenshot of another app's holdings page, read
 * on the server by local OCR (docs/transfers.md#screenshots); the rows open on the recognition
 * screen. A picture with nothing readable says so, and offers adding funds by hand.
 */
import { Button } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { ImagePick } from '@/components/image-pick'
import { Section } from '@/components/section'
import { uploadHoldingsImage } from '../api/calls'
import { useRecognize } from '../lib/use-recognize'
import '../transfers.css'

export default function ImageUploadPage() {
  const navigate = useNavigate()
  const { run, busy, error } = useRecognize(uploadHoldingsImage)
  return (
    <div className="xfer-page">
      <Section title="上传持仓截图">
        <ImagePick label="选择持仓截图" caption="选择截图" busy={busy} onPick={run} />
        <p className="xfer-muted">
          请截取其他平台的基金持仓页，需包含基金名称或代码、持有份额、持仓成本；JPG 或
          PNG，不超过5MB。图片仅用于识别，不会发送给任何第三方。
        </p>
        {busy && <p className="xfer-muted">正在识别，请稍候…</p>}
        {error && (
          <div data-testid="transfer-error">
            <p className="xfer-error">{error}</p>
            <Button
              size="small"
              color="primary"
              fill="outline"
              onClick={() => navigate('/transferOnline/assetAdd')}
            >
              手动添加基金
            </Button>
          </div>
        )}
      </Section>
    </div>
  )
}
