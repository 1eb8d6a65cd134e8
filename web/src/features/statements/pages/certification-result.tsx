/**
 * 申请结果 (applyCertification/result, certificateId): the issued certificate, its verification
 * code and the PDF, and the check of a certificate file (without certificateId, the check
 * alone).
 */
import { List, Result } from 'antd-mobile'
import { useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { formatMoney } from '@/lib/format'
import { fetchPdf, useCertification } from '../api/calls'
import { PdfFrame } from '../components/pdf-frame'
import { LANGUAGE_TEXT } from '../lib/texts'
import { VerifyForm } from './certification-verify'
import '../statements.css'

export default function CertificationResultPage() {
  const [params] = useSearchParams()
  const certificateId = Number(params.get('certificateId')) || 0
  const cert = useCertification(certificateId)
  if (!certificateId) return <VerifyForm initialCode={params.get('verifyCode') ?? ''} />
  return (
    <div className="statements-page" data-testid="certification-result">
      <QueryView query={cert} rows={5}>
        {(c) => (
          <>
            <Result status="success" title="资产证明已出具" description={`证明日期 ${c.date}`} />
            <List>
              <List.Item extra={<span data-testid="verify-code">{c.verifyCode}</span>}>
                验证码
              </List.Item>
              <List.Item extra={formatMoney(c.totalAsset)}>资产合计（元）</List.Item>
              <List.Item extra={LANGUAGE_TEXT[c.language]}>证明语言</List.Item>
            </List>
            <PdfFrame
              title="资产证明"
              fileName={c.fileName}
              load={() => fetchPdf('/asset/certificationFile', { certificateId: c.certificateId })}
            />
            <VerifyForm initialCode={c.verifyCode} />
          </>
        )}
      </QueryView>
    </div>
  )
}
