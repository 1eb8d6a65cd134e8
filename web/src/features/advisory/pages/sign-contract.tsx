/**
 * 签署服务协议 (fa/signContract, poCode): the strategy, how it is managed (半委托: each adjustment
 * waits for the customer; 全委托: executed and notified), its risk level against the investor's
 * grade (above it: the mismatch confirmation, recorded with the contract), the adviser fee terms,
 * the cooling-off period and the files, each to be read and agreed to. 签署 sends the contract
 * (status 0) and texts a code; the code confirms it (signStepTwo, status 1) and the service
 * account opens, ready for its first deposit.
 */
import { useState } from 'react'
import { Button, Dialog } from 'antd-mobile'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { ProtocolAgreement } from '@/components/protocol-agreement'
import { QueryView } from '@/components/query-view'
import { KeyValue, Section } from '@/components/section'
import { SmsCodeField } from '@/components/sms-code-field'
import { ResultView } from '@/components/result-view'
import { ApiError } from '@/lib/api-client'
import { EMPTY, formatMoney } from '@/lib/format'
import { showFailToast } from '@/lib/toast'
import { gradeText, levelText } from '@/features/suitability'
import { useSignPreview } from '../api/get-sign-preview'
import type { SignPreview, SignStepTwoResult } from '../api/types'
import { invalidateAdvisory, signContract, signStepTwo } from '../api/writes'
import { FeeTerms } from '../components/fee-terms'
import { useTextParam } from '../lib/params'
import { accountHomePath, faPath, withQuery } from '../lib/paths'
import { DISCRETION_NOTE, discretionText } from '../lib/texts'
import '../advisory.css'

const failText = (e: unknown) => (e instanceof ApiError ? e.message : '网络错误')

function Signed({ result }: { result: SignStepTwoResult }) {
  const navigate = useNavigate()
  return (
    <ResultView
      status="success"
      title="签约成功"
      description={`冷静期至 ${result.coolingOffEndTime.slice(0, 16).replace('T', ' ')}，冷静期内解约将退还全部投顾服务费。`}
      actions={[
        {
          text: '立即投入',
          onClick: () => navigate(faPath('deposit', result.serviceAccountId), { replace: true }),
        },
        {
          text: '查看投顾账户',
          primary: false,
          onClick: () => navigate(accountHomePath(result.serviceAccountId), { replace: true }),
        },
      ]}
    />
  )
}

function SignForm({
  preview,
  onSigned,
}: {
  preview: SignPreview
  onSigned: (result: SignStepTwoResult) => void
}) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [agreed, setAgreed] = useState(false)
  const [sending, setSending] = useState(false)
  const [pending, setPending] = useState<{ serviceAccountId: number; phone: string } | null>(null)
  const [code, setCode] = useState('')
  const [riskConfirmed, setRiskConfirmed] = useState(false)
  const level = preview.riskLevel ? levelText(preview.riskLevel) : EMPTY
  const grade = preview.riskGrade5 ? gradeText(preview.riskGrade5) : EMPTY

  const send = async (confirmed: boolean) => {
    const sent = await signContract({
      poCode: preview.poCode,
      fileIdList: preview.fileList.map((f) => f.fileId),
      riskConfirmed: confirmed,
      isTransferProd: preview.isTransferProd,
    })
    setPending({ serviceAccountId: sent.serviceAccountId, phone: sent.phone })
    return sent
  }

  const start = async () => {
    if (!agreed) {
      showFailToast('请先阅读并同意相关协议')
      return
    }
    let confirmed = riskConfirmed
    if (!preview.isRiskMatch && !confirmed) {
      confirmed = await Dialog.confirm({
        title: '风险提示',
        content: `该投顾组合风险等级为${level}，高于您的风险承受能力（${grade}）。确认继续签约即表示您已知晓并自愿承担相应风险。`,
        confirmText: '确认继续',
        cancelText: '放弃签约',
      })
      if (!confirmed) return
      setRiskConfirmed(true)
    }
    setSending(true)
    try {
      await send(confirmed)
    } catch (e) {
      showFailToast(failText(e))
    } finally {
      setSending(false)
    }
  }

  const confirm = async () => {
    if (!pending) return
    if (code.length !== 6) {
      showFailToast('请输入6位短信验证码')
      return
    }
    setSending(true)
    try {
      const result = await signStepTwo({
        serviceAccountId: pending.serviceAccountId,
        verifyCode: code,
      })
      onSigned(result)
      await invalidateAdvisory(queryClient)
    } catch (e) {
      showFailToast(failText(e))
    } finally {
      setSending(false)
    }
  }

  return (
    <div className="fa-page" data-testid="fa-sign">
      <Section title={preview.poName}>
        <KeyValue label="组合代码">{preview.poCode}</KeyValue>
        <KeyValue label="服务方式">{discretionText(preview.discretionType)}</KeyValue>
        <p className="fa-muted">{DISCRETION_NOTE[preview.discretionType]}</p>
        <KeyValue label="风险等级">{level}</KeyValue>
        <KeyValue label="您的风险等级">{grade}</KeyValue>
        <KeyValue label="起投金额">{formatMoney(preview.minDepositAmount)}元</KeyValue>
      </Section>
      {!preview.isRiskMatch && (
        <div className="trade-notice" data-testid="fa-risk-mismatch">
          该投顾组合风险等级高于您的风险承受能力，签约前需确认风险提示。
        </div>
      )}
      <Section
        title="投顾服务费"
        extra="收费说明 ›"
        onExtra={() => navigate(withQuery('/fa/adviserFeeAgreement', { poCode: preview.poCode }))}
      >
        <FeeTerms info={preview.adviserFeeInfo} />
        <p className="fa-muted">
          冷静期：签约后{preview.coolingOffHours}小时内解约，不收取投顾服务费，已收取的全额退还。
        </p>
      </Section>
      {pending ? (
        <Section title="短信确认">
          <p className="fa-muted">验证码已发送至 {pending.phone}，输入验证码完成电子签名。</p>
          <div className="fa-sms">
            <SmsCodeField
              value={code}
              onChange={setCode}
              countdownKey={`fa-sign:${preview.poCode}`}
              sendText="重新获取"
              onSend={() => send(riskConfirmed)}
            />
          </div>
        </Section>
      ) : null}
      <div className="trade-agree">
        <ProtocolAgreement
          protocols={preview.fileList.map((f) => ({
            name: f.name,
            url: withQuery('/fa/previewContract', { poCode: preview.poCode, fileId: f.fileId }),
          }))}
          checked={agreed}
          onChange={setAgreed}
        />
      </div>
      <div className="trade-footer">
        {pending ? (
          <Button
            block
            color="primary"
            loading={sending}
            data-testid="fa-sign-confirm"
            onClick={confirm}
          >
            确认签约
          </Button>
        ) : (
          <Button
            block
            color="primary"
            loading={sending}
            data-testid="fa-sign-submit"
            onClick={start}
          >
            签署协议
          </Button>
        )}
      </div>
    </div>
  )
}

export default function SignContractPage() {
  const navigate = useNavigate()
  const poCode = useTextParam('poCode')
  const preview = useSignPreview(poCode)
  // kept here: signing refreshes the preview, which then says the strategy is signed
  const [done, setDone] = useState<SignStepTwoResult | null>(null)
  if (done) return <Signed result={done} />
  return (
    <QueryView query={preview} rows={8} emptyTitle="未找到该投顾组合">
      {(p) =>
        p.signed ? (
          <ResultView
            status="info"
            title="您已签约该投顾组合"
            description="可在「我的」理财账户中查看您的投顾账户。"
            actions={[{ text: '返回我的', onClick: () => navigate('/mine', { replace: true }) }]}
          />
        ) : (
          <SignForm preview={p} onSigned={setDone} />
        )
      }
    </QueryView>
  )
}
