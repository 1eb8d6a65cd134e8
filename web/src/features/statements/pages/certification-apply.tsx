/**
 * 申请资产证明 (applyCertification/apply, date, accounts, language): the certificate's content
 * to confirm; 提交申请 issues it (a PDF with a verification code) and opens the result.
 */
import { useMutation } from '@tanstack/react-query'
import { Button, ErrorBlock, List, Toast } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { formatMoney } from '@/lib/format'
import { applyCertification, useCertificationPreview } from '../api/calls'
import type { Language } from '../api/types'
import { LANGUAGE_TEXT } from '../lib/texts'
import '../statements.css'

export default function CertificationApplyPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const date = params.get('date')
  const accounts = (params.get('accounts') ?? '')
    .split(',')
    .map(Number)
    .filter((n) => n > 0)
  const language: Language = params.get('language') === 'en' ? 'en' : 'zh'
  const preview = useCertificationPreview(date, accounts, language)
  const apply = useMutation({
    mutationFn: applyCertification,
    onSuccess: (cert) =>
      navigate(`/applyCertification/result?certificateId=${cert.certificateId}`, { replace: true }),
    onError: (err) => Toast.show({ content: err.message }),
  })
  if (!date || accounts.length === 0) {
    return <ErrorBlock status="empty" title="请先选择证明日期和账户" />
  }
  return (
    <div className="statements-page" data-testid="certification-apply">
      <QueryView query={preview} rows={5}>
        {(p) => (
          <>
            <List header="证明内容">
              <List.Item extra={p.holderName}>客户姓名</List.Item>
              <List.Item extra={p.idNo}>证件号码</List.Item>
              <List.Item extra={p.date}>证明日期</List.Item>
              <List.Item extra={LANGUAGE_TEXT[language]}>证明语言</List.Item>
              {p.accounts.map((a) => (
                <List.Item key={a.financialAccountId} extra={formatMoney(a.totalAsset)}>
                  {a.accountName}
                </List.Item>
              ))}
              <List.Item extra={<strong>{formatMoney(p.totalAsset)}</strong>}>
                资产合计（元）
              </List.Item>
            </List>
            <p className="statements-note statements-note--pad">
              资产证明以 PDF
              文件出具，文件上印有验证码；任何人可在“资产证明核验”页凭验证码和文件核验真伪。
            </p>
            <div className="statements-actions">
              <Button
                block
                color="primary"
                loading={apply.isPending}
                onClick={() =>
                  apply.mutate({ date: p.date, financialAccountIds: accounts, language })
                }
              >
                提交申请
              </Button>
            </div>
          </>
        )}
      </QueryView>
    </div>
  )
}
