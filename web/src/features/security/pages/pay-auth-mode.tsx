import { useState } from 'react'
import { List, Radio, Toast } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { TradePasswordPopup } from '@/components/trade-password-popup'
import { useSecuritySetting } from '../api/get-security-setting'
import { useTeamSetting } from '../api/get-team-setting'
import { useChangeVerifyMethod } from '../api/security-writes'
import '../security.css'

/** 支付验证方式: the trade password alone, or with an SMS code on every trade. */
export default function PayAuthModePage() {
  const navigate = useNavigate()
  const setting = useSecuritySetting()
  const team = useTeamSetting()
  const change = useChangeVerifyMethod()
  const [wanted, setWanted] = useState<'PASSWORD' | 'PASSWORD_SMS' | null>(null)
  return (
    <QueryView query={setting}>
      {(s) => (
        <div className="form-page">
          <p className="form-page__intro">
            买入、卖出等交易时的验证方式。开启短信验证后，每笔交易还需输入短信验证码。
          </p>
          <QueryView query={team} rows={2}>
            {(t) => (
              <Radio.Group value={s.tradeVerifyMethod}>
                <List>
                  {t.verifyMethods.map((m) => (
                    <List.Item
                      key={m.value}
                      prefix={<Radio value={m.value} />}
                      onClick={() => {
                        if (!s.hasTradePassword) {
                          navigate('/setTradePassword')
                          return
                        }
                        if (m.value !== s.tradeVerifyMethod)
                          setWanted(m.value as 'PASSWORD' | 'PASSWORD_SMS')
                      }}
                    >
                      {m.label}
                    </List.Item>
                  ))}
                </List>
              </Radio.Group>
            )}
          </QueryView>
          <TradePasswordPopup
            visible={wanted !== null}
            description="验证交易密码以修改支付验证方式"
            onClose={() => setWanted(null)}
            onSubmit={(password) =>
              change.mutateAsync({ method: wanted ?? 'PASSWORD', password }).then(
                () => {
                  setWanted(null)
                  Toast.show({ icon: 'success', content: '已修改' })
                },
                (err: Error) => {
                  Toast.show({ content: err.message })
                  throw err
                },
              )
            }
          />
        </div>
      )}
    </QueryView>
  )
}
