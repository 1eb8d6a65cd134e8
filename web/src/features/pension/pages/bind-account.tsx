/**
 * 绑定养老金账户 (pension/bindAccount): the bank (from bankList), the city, and for way=bind the
 * pension fund account number; the authorization agreement accepted. Binding ends on
 * pension/bindAccountResult; opening applies at the bank (openTDAccount) and goes to the bank's
 * page (applyOpenUrl).
 */
import { useState } from 'react'
import { Button, Form, Input, Picker } from 'antd-mobile'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { toApiError } from '@/lib/api-client'
import { showFailToast } from '@/lib/toast'
import { usePensionBanks } from '../api/get-bank-list'
import { useSupportCities } from '../api/get-support-cities'
import {
  applyOpenUrl,
  bindTdAccount,
  invalidateAfterPensionWrite,
  openTdAccount,
} from '../api/pension-writes'
import { AgreementCheck } from '../components/agreement-check'
import '../pension.css'

export default function PensionBindAccountPage() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [params] = useSearchParams()
  const way = params.get('way') === 'open' ? 'open' : 'bind'
  const bankNo = params.get('bankNo') ?? ''
  const banks = usePensionBanks()
  const cities = useSupportCities(bankNo)
  const [city, setCity] = useState('')
  const [pickCity, setPickCity] = useState(false)
  const [accountNo, setAccountNo] = useState('')
  const [agreed, setAgreed] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')

  const submit = async () => {
    if (!bankNo) return showFailToast('请选择银行')
    if (!city) return showFailToast('请选择所在城市')
    if (way === 'bind' && !/^\d{16,19}$/.test(accountNo.replace(/\s/g, '')))
      return showFailToast('请输入正确的个人养老金资金账户号（16至19位数字）')
    if (!agreed) return showFailToast('请阅读并同意个人养老金信息授权协议')
    setBusy(true)
    setError('')
    try {
      if (way === 'bind') {
        await bindTdAccount({ bankNo, city, accountNo: accountNo.replace(/\s/g, ''), agreed })
        await invalidateAfterPensionWrite(queryClient)
        navigate('/pension/bindAccountResult?way=bind', { replace: true })
      } else {
        const applied = await openTdAccount({ bankNo, city, agreed })
        const page = await applyOpenUrl(applied.applyNo)
        await invalidateAfterPensionWrite(queryClient)
        navigate(`/${page.url}`, { replace: true })
      }
    } catch (e) {
      const message = toApiError(e).message
      setError(message)
      showFailToast(message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="pension-page">
      <QueryView query={banks} rows={4}>
        {(list) => {
          const bank = list.find((b) => b.bankNo === bankNo)
          return (
            <>
              <Form layout="horizontal">
                <Form.Item
                  label="开户银行"
                  onClick={() => navigate(`/pension/bankList?way=${way}`, { replace: true })}
                  arrow
                >
                  {bank?.bankName ?? '请选择银行'}
                </Form.Item>
                <Form.Item label="所在城市" onClick={() => setPickCity(true)} arrow>
                  {city || <span className="pension-muted">请选择</span>}
                </Form.Item>
                {way === 'bind' && (
                  <Form.Item label="资金账户号">
                    <Input
                      value={accountNo}
                      onChange={setAccountNo}
                      placeholder="请输入个人养老金资金账户号"
                      inputMode="numeric"
                      maxLength={23}
                      aria-label="个人养老金资金账户号"
                    />
                  </Form.Item>
                )}
              </Form>
              <div className="pension-card pension-muted">
                {way === 'bind'
                  ? '资金账户号可在开户银行的手机银行“个人养老金”页面查询。每人只能开立一个个人养老金资金账户。'
                  : `将跳转至${bank?.bankName ?? '银行'}页面完成开户，开户成功后自动绑定。每人只能开立一个个人养老金资金账户。`}
              </div>
            </>
          )
        }}
      </QueryView>
      <Picker
        visible={pickCity}
        onClose={() => setPickCity(false)}
        columns={[(cities.data?.cities ?? []).map((c) => ({ label: c, value: c }))]}
        onConfirm={(v) => setCity(String(v[0] ?? ''))}
      />
      <AgreementCheck kind="authorized" checked={agreed} onChange={setAgreed} />
      {error && <div className="pension-error">{error}</div>}
      <div className="pension-footer">
        <Button block color="primary" loading={busy} onClick={submit} data-testid="pension-bind">
          {way === 'bind' ? '确认绑定' : '去银行开户'}
        </Button>
      </div>
    </div>
  )
}
