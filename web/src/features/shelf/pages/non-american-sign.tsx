import { Button } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useProductStatus } from '../api/get-product-status'
import '../shelf.css'

/** /nonAmericanSign: the intro for mutual-recognition funds (互认基金) and why the non-US
 * taxpayer declaration is needed, leading to the declaration (/nonAmericanSignReal). */
export default function NonAmericanSignPage() {
  const navigate = useNavigate()
  const status = useProductStatus()
  return (
    <div className="shelf-page">
      <div className="shelf-card">
        <h2>什么是互认基金</h2>
        <p>
          互认基金是内地与香港基金互认安排下，经中国证监会注册、在内地公开销售的香港基金。投资互认基金需遵守相关税收信息申报规定。
        </p>
        <h3>为什么需要声明</h3>
        <p>
          根据监管要求，投资互认基金等产品前需确认您的税收居民身份。如您不是美国税收居民，请完成声明，后续交易无需重复确认。
        </p>
      </div>
      <div className="shelf-card">
        <QueryView query={status} rows={1}>
          {(s) => (
            <p data-testid="non-american-status">
              声明状态：
              {s.nonAmerican === true
                ? '已声明为非美国税收居民'
                : s.nonAmerican === false
                  ? '已声明为美国税收居民'
                  : '尚未声明'}
            </p>
          )}
        </QueryView>
      </div>
      <div className="shelf-actions">
        <Button color="primary" block onClick={() => navigate('/nonAmericanSignReal')}>
          去声明
        </Button>
      </div>
    </div>
  )
}
