/**
 * 申请结果 (applyCertification/result, certificateId): the issued certificate, its verification
 * code and the PDF, with the way to the check page.
 */
import { List, Result } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { formatMoney } from '@/lib/format'
import { fetchPdf, useCertification } from '../api/calls'
import { PdfFrame } from '../components/pdf-frame'
import { LANGUAGE_TEXT } from '../lib/texts'
import '../statements.css'

export default function CertificationResultPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const certificateId = Number(params.get('certificateId')) || 0
  const cert = useCertification(certificateId)
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
              <List.Item
                onClick={() => navigate(`/certificationVerify?verifyCode=${c.verifyCode}`)}
              >
                核验资产证明
              </List.Item>
            </List>
            <PdfFrame
              title="资产证明"
              fileName={c.fileName}
              load={() => fetchPdf('/asset/certificationFile', { certificateId: c.certificateId })}
            />
          </>
        )}
      </QueryView>
    </div>
  )
}
