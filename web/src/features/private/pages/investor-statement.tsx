import { useState } from 'react'
import { Button, Checkbox, Toast } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { Section } from '@/components/section'
import { QueryView } from '@/components/query-view'
import { RichText } from '@/components/rich-text'
import { useConfirmStatement } from '../api/confirm-statement'
import { usePrivateList } from '../api/get-private-list'

/** privateSet/investorStatement: the qualified-investor statement to read and confirm. */
export default function InvestorStatement() {
  const navigate = useNavigate()
  const query = usePrivateList()
  const confirm = useConfirmStatement()
  const [agreed, setAgreed] = useState(false)
  return (
    <QueryView query={query}>
      {(d) => (
        <div style={{ paddingBottom: 24 }} data-testid="investor-statement">
          <Section title={d.statementTitle} extra={`版本 ${d.statementVersion}`}>
            <RichText text={d.statementContent} />
          </Section>
          <div style={{ padding: '16px 16px 0' }}>
            {d.qualified ? (
              <Button
                block
                color="primary"
                onClick={() => navigate('/privateSet/home', { replace: true })}
              >
                您已完成合格投资者声明，返回私募专区
              </Button>
            ) : (
              <>
                <Checkbox
                  checked={agreed}
                  onChange={setAgreed}
                  style={{ '--font-size': '13px' } as React.CSSProperties}
                >
                  本人已阅读并确认符合上述合格投资者条件
                </Checkbox>
                <Button
                  block
                  color="primary"
                  style={{ marginTop: 16 }}
                  disabled={!agreed}
                  loading={confirm.isPending}
                  onClick={() =>
                    confirm.mutate(d.statementVersion, {
                      onSuccess: () => {
                        Toast.show({ icon: 'success', content: '已签署成功' })
                        navigate(-1)
                      },
                      onError: (err) => Toast.show({ icon: 'fail', content: err.message }),
                    })
                  }
                >
                  确认声明
                </Button>
              </>
            )}
          </div>
        </div>
      )}
    </QueryView>
  )
}
