import { useState } from 'react'
import { Button, Form, Input, Selector, TextArea, Toast } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { ImagePick } from '@/components/image-pick'
import { QueryView } from '@/components/query-view'
import { SmsCodeField } from '@/components/sms-code-field'
import { isBankCard, isPhone } from '@/lib/validate'
import { newCardCheck, saveChange, uploadPhoto, useSubmitChange } from '../../api/change-card'
import { usePaymentMethods } from '../../api/get-payment-methods'
import { groupCardNo } from '../../lib'
import '../../cards.css'

/** The photos an application may carry (docs/product.md#validation). */
const MAX_PHOTOS = 6

/** 换卡申请: the card to replace, the new card with its bank code, the reason and photos. */
export default function ApplyEditPage() {
  const navigate = useNavigate()
  const query = usePaymentMethods()
  const [oldId, setOldId] = useState<number | null>(null)
  const [cardNo, setCardNo] = useState('')
  const [phone, setPhone] = useState('')
  const [code, setCode] = useState('')
  const [serialNo, setSerialNo] = useState('')
  const [reason, setReason] = useState('')
  const [photos, setPhotos] = useState<{ ossKey: string; url: string }[]>([])
  const [uploading, setUploading] = useState(false)
  const [saving, setSaving] = useState(false)
  const submit = useSubmitChange()
  const digits = cardNo.replace(/\s/g, '')

  const send = () => {
    if (oldId === null) return Promise.reject(new Error('请选择要更换的银行卡'))
    if (!isBankCard(digits)) return Promise.reject(new Error('请输入正确的新银行卡号'))
    return newCardCheck({ oldPaymentMethodId: oldId, cardNo: digits, phone }).then((s) =>
      setSerialNo(s.serialNo),
    )
  }

  const save = async () => {
    if (oldId === null || !serialNo || code.length !== 6 || !reason.trim()) {
      Toast.show({ content: '请完整填写新卡信息、验证码和换卡原因' })
      return
    }
    setSaving(true)
    try {
      const draft = await saveChange({
        oldPaymentMethodId: oldId,
        serialNo,
        verifyCode: code,
        reason,
        photos: photos.map((p) => p.ossKey),
      })
      const done = await submit.mutateAsync(draft.applyId)
      navigate(`/changeCard/applyResult?applyId=${done.applyId}`, { replace: true })
    } catch (err) {
      Toast.show({ content: (err as Error).message })
    } finally {
      setSaving(false)
    }
  }

  return (
    <QueryView query={query} isEmpty={(d) => d.paymentMethods.length === 0}>
      {(data) => (
        <div className="form-page">
          <h3 className="section-title">选择要更换的银行卡</h3>
          <div style={{ padding: '0 12px' }}>
            <Selector
              columns={1}
              value={oldId === null ? [] : [oldId]}
              onChange={(v) => setOldId(v[0] ?? null)}
              options={data.paymentMethods.map((c) => ({
                label: c.bankCardShowName,
                value: c.paymentMethodId,
              }))}
            />
          </div>
          <Form layout="horizontal">
            <Form.Header>新银行卡</Form.Header>
            <Form.Item label="卡号">
              <Input
                value={cardNo}
                onChange={(v) => setCardNo(groupCardNo(v))}
                placeholder="新银行卡号"
                inputMode="numeric"
                aria-label="新银行卡号"
              />
            </Form.Item>
            <Form.Item label="预留手机号">
              <Input
                value={phone}
                onChange={(v) => setPhone(v.replace(/\D/g, '').slice(0, 11))}
                placeholder="新卡预留手机号"
                inputMode="tel"
                aria-label="新卡预留手机号"
              />
            </Form.Item>
            <Form.Item label="验证码">
              <SmsCodeField
                value={code}
                onChange={setCode}
                disabled={!isPhone(phone)}
                onSend={send}
              />
            </Form.Item>
            <Form.Header>换卡原因与材料</Form.Header>
            <Form.Item label="原因">
              <TextArea
                value={reason}
                onChange={setReason}
                placeholder="如：原卡丢失、原卡注销"
                maxLength={100}
                autoSize
              />
            </Form.Item>
            <Form.Item label="证明材料" help="原卡注销证明或挂失证明，最多6张">
              <div className="image-pick-grid image-pick-grid--small">
                {photos.map((p, i) => (
                  <div key={p.ossKey} className="image-pick">
                    <img src={p.url} alt={`证明材料${i + 1}`} />
                  </div>
                ))}
                {photos.length < MAX_PHOTOS && (
                  <ImagePick
                    add
                    label="上传证明材料"
                    caption="添加图片"
                    busy={uploading}
                    onPick={(file) => {
                      setUploading(true)
                      uploadPhoto(file)
                        .then(
                          (r) => setPhotos((now) => [...now, r]),
                          (err: Error) => Toast.show({ content: err.message }),
                        )
                        .finally(() => setUploading(false))
                    }}
                  />
                )}
              </div>
            </Form.Item>
          </Form>
          <div className="form-page__footer">
            <Button block color="primary" loading={saving} onClick={save}>
              提交申请
            </Button>
          </div>
        </div>
      )}
    </QueryView>
  )
}
