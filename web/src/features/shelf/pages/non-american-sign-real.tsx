import { useState } from 'react'
import { Button, Checkbox, Result } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { getSession } from '@/lib/session'
import { useNonAmerican, useSubmitNonAmerican } from '@/features/popups'
import '../shelf.css'

const STATEMENT =
  '本人声明：本人不是美国公民、美国永久居民，也不是依美国税法应被视为美国税收居民的个人。'

/** /nonAmericanSignReal: the declaration itself. The user ticks the statement and submits; the
 * server stores the declaration with the terminal's details (/account/submitNonAmerican). */
export default function NonAmericanSignRealPage() {
  const navigate = useNavigate()
  const brokerUserId = getSession()?.brokerUserId ?? 0
  const status = useNonAmerican(brokerUserId, brokerUserId > 0)
  const submit = useSubmitNonAmerican()
  const [checked, setChecked] = useState(false)
  return (
    <div className="shelf-page">
      <QueryView query={status} rows={4}>
        {(s) =>
          s.nonAmerican === true ? (
            <Result
              status="success"
              title="已完成声明"
              description={
                s.declaredAt ? `声明时间 ${s.declaredAt.slice(0, 10)}` : '您已声明为非美国税收居民'
              }
            />
          ) : (
            <>
              <div className="shelf-card" data-testid="non-american-declaration">
                <h2>非美国税收居民声明</h2>
                <p>{STATEMENT}</p>
                <p className="shelf-muted">
                  如本人税收居民身份发生变化，将在 30
                  日内告知并重新声明。本人确认上述信息真实、准确、完整。
                </p>
                <Checkbox checked={checked} onChange={setChecked}>
                  我已阅读并确认以上声明
                </Checkbox>
              </div>
              <div className="shelf-actions">
                <Button
                  color="primary"
                  block
                  disabled={!checked || !s.hasAccount || submit.isPending}
                  loading={submit.isPending}
                  onClick={() => submit.mutate({ brokerUserId, nonAmerican: true })}
                >
                  同意并签署
                </Button>
                <Button block onClick={() => navigate(-1)}>
                  取消
                </Button>
              </div>
            </>
          )
        }
      </QueryView>
    </div>
  )
}
