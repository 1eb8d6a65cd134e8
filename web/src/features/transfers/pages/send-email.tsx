/** 发送邮件 (transferOnline/sendEmail): the template to an address, by mail. */
import { Button, Input } from 'antd-mobile'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { Section } from '@/components/section'
import { sendTemplateEmail } from '../api/calls'
import '../transfers.css'

export default function SendEmailPage() {
  const navigate = useNavigate()
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const send = async () => {
    setBusy(true)
    setError('')
    try {
      const sent = await sendTemplateEmail(email)
      navigate(`/transferOnline/sendEmailResult?email=${encodeURIComponent(sent.email)}`, {
        replace: true,
      })
    } catch (e) {
      setError(e instanceof Error ? e.message : '发送失败，请重试')
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="xfer-page">
      <Section title="发送模板到邮箱">
        <div className="xfer-field">
          <div className="xfer-field__label">邮箱地址</div>
          <Input
            aria-label="邮箱地址"
            type="email"
            placeholder="name@example.com"
            value={email}
            onChange={setEmail}
          />
        </div>
        <p className="xfer-muted">在电脑上打开邮件附件填写，保存后在「上传表格」中上传。</p>
        {error && <p className="xfer-error">{error}</p>}
      </Section>
      <div className="xfer-footer">
        <Button block color="primary" disabled={!email.trim()} loading={busy} onClick={send}>
          发送
        </Button>
      </div>
    </div>
  )
}
