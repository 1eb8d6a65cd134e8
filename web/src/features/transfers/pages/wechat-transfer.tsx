/**
 * 微信转账 (wechat-transfer): where a shared 资产转入 link lands (share target TRANSFER). With an
 * adviser's invite code (`inviteCode`, and the shop in `shopName`) the customer can bind that
 * offline adviser (offline/transfer/relation) before bringing holdings over; the binding is
 * read first (loading, or a failure with 重试), so a bound customer never sees 绑定投顾 flash.
 */
import { Button } from 'antd-mobile'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { Section } from '@/components/section'
import { getSession } from '@/lib/session'
import { bindRelation, useRelation } from '../api/calls'
import { TEXTS } from '../lib/texts'
import '../transfers.css'

export default function WechatTransferPage() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [params] = useSearchParams()
  const inviteCode = params.get('inviteCode') ?? ''
  const shopName = params.get('shopName') ?? ''
  const signedIn = !getSession()?.visitor
  const relation = useRelation(signedIn && !!inviteCode)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const bind = async () => {
    setBusy(true)
    setError('')
    try {
      await bindRelation(inviteCode, shopName)
      await queryClient.invalidateQueries({ queryKey: ['transfers', 'relation'] })
    } catch (e) {
      setError(e instanceof Error ? e.message : '绑定失败，请重试')
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="xfer-page">
      <div className="xfer-hero">
        <div className="xfer-hero__title">好友邀请您转入资产</div>
        <div className="xfer-hero__text">{TEXTS.intro}</div>
      </div>
      {inviteCode && signedIn && (
        <Section title="服务投顾">
          <QueryView query={relation} rows={1}>
            {(r) =>
              r.bound && r.inviteCode === inviteCode ? (
                <p className="xfer-muted" data-testid="transfer-adviser">
                  已绑定 {r.adviserName}
                  {r.shopName ? ` · ${r.shopName}` : ''}
                </p>
              ) : (
                <>
                  <p className="xfer-muted">
                    绑定后，{shopName || '门店'}投顾（邀请码 {inviteCode}
                    ）将为您提供转入与持仓服务。
                  </p>
                  <Button size="small" color="primary" fill="outline" loading={busy} onClick={bind}>
                    绑定投顾
                  </Button>
                </>
              )
            }
          </QueryView>
          {error && <p className="xfer-error">{error}</p>}
        </Section>
      )}
      <div className="xfer-actions">
        <Button block color="primary" onClick={() => navigate('/transferOnline/home')}>
          开始转入
        </Button>
      </div>
    </div>
  )
}
