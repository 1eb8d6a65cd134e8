import { useState } from 'react'
import { Button, Checkbox, List, Toast } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useAdequacy, useConfirmAdequacy } from '../api/adequacy'
import '../suitability.css'

/** 适当性匹配 (productCode, productType): the product's risk level against the investor's
 * grade; above the grade the investor must confirm (recorded), C1 may not buy above R1. */
export default function AdequacyPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const productCode = params.get('productCode') ?? ''
  const productType = params.get('productType') ?? 'fund'
  const back = params.get('from')
  const query = useAdequacy(productCode, productType)
  const confirm = useConfirmAdequacy()
  const [agreed, setAgreed] = useState(false)
  return (
    <QueryView query={query}>
      {(v) => (
        <div className="form-page">
          <List header="适当性匹配意见">
            <List.Item extra={v.riskGrade5 ? `C${v.riskGrade5} ${v.riskGradeName}` : '未测评'}>
              您的风险承受能力
            </List.Item>
            <List.Item extra={`R${v.productRiskLevel} ${v.productRiskName}`}>
              产品风险等级
            </List.Item>
          </List>
          <p className="form-page__intro">{v.opinion}</p>
          {v.needConfirm && <div className="adequacy-warning">{v.warning}</div>}
          <div className="form-page__footer">
            {v.needSurvey && (
              <Button block color="primary" onClick={() => navigate('/riskSurvey?reTest=1')}>
                去风险测评
              </Button>
            )}
            {v.forbidden && (
              <Button block onClick={() => navigate(-1)}>
                返回
              </Button>
            )}
            {v.isMatch && (
              <Button
                block
                color="primary"
                onClick={() => (back ? navigate(back, { replace: true }) : navigate(-1))}
              >
                继续
              </Button>
            )}
            {v.needConfirm && (
              <>
                <Checkbox checked={agreed} onChange={setAgreed} style={{ fontSize: 13 }}>
                  本人已充分了解该产品风险，坚持购买
                </Checkbox>
                <Button
                  block
                  color="primary"
                  disabled={!agreed}
                  loading={confirm.isPending}
                  style={{ marginTop: 16 }}
                  onClick={() =>
                    confirm.mutate(
                      { productCode, productType, confirm: true },
                      {
                        onSuccess: () => {
                          Toast.show({ icon: 'success', content: '已确认' })
                          if (back) navigate(back, { replace: true })
                          else navigate(-1)
                        },
                        onError: (err) => Toast.show({ content: err.message }),
                      },
                    )
                  }
                >
                  确认并继续
                </Button>
              </>
            )}
          </div>
        </div>
      )}
    </QueryView>
  )
}
