/**
 * 养老金产品 (pension/shelf, pension/subShelf): the pension shelf's Y-class funds, which only
 * pension money buys. pension/shelf shows the recommended ones and every fund by kind (养老目标日期
 * / 养老目标风险); pension/subShelf?category= one kind. A fund opens its page, whose 买入 pays
 * from the pension account.
 */
import { ErrorBlock, Tabs } from 'antd-mobile'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { ProductCard } from '@/components/product-card'
import { QueryView } from '@/components/query-view'
import { usePensionProducts, usePensionRecommend } from '../api/get-products'
import { usePensionTime } from '../api/get-time'
import type { PensionCategory } from '../api/types'
import '../pension.css'

const CATEGORIES: { key: PensionCategory | 'all'; title: string }[] = [
  { key: 'all', title: '全部' },
  { key: 'targetDate', title: '养老目标日期' },
  { key: 'targetRisk', title: '养老目标风险' },
]

const CATEGORY_HINT: Record<PensionCategory, string> = {
  targetDate: '按预计退休年份选择，越临近目标日期，权益类资产比例越低，风险逐步降低。',
  targetRisk: '按自身风险偏好选择，基金长期保持稳定的权益类资产比例。',
}

function Products({ category }: { category: PensionCategory | null }) {
  const products = usePensionProducts(category)
  return (
    <QueryView
      query={products}
      rows={4}
      isEmpty={(d) => d.length === 0}
      empty={<ErrorBlock status="empty" title="暂无养老金产品" description="" />}
    >
      {(list) => (
        <div className="pension-card" data-testid="pension-products">
          {list.map((p) => (
            <ProductCard key={p.productCode} card={{ ...p, tags: [p.categoryName, ...p.tags] }} />
          ))}
        </div>
      )}
    </QueryView>
  )
}

export default function PensionShelfPage() {
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const [params, setParams] = useSearchParams()
  const asked = params.get('category') as PensionCategory | null
  const category = asked === 'targetDate' || asked === 'targetRisk' ? asked : null
  const sub = pathname.endsWith('subShelf')
  const recommend = usePensionRecommend()
  const time = usePensionTime()

  return (
    <div className="pension-page">
      <div className="pension-card pension-muted">
        {
          '个人养老金产品（Y类份额）仅可使用个人养老金资金账户购买，申购费通常全免，赎回资金回到个人养老金资金账户。'
        }
        {time.data && <div>{time.data.tip}</div>}
      </div>
      {!sub && (
        <div className="pension-card">
          <div className="pension-card__title">为您推荐</div>
          <QueryView query={recommend} rows={3}>
            {(list) => (
              <>
                {list.map((p) => (
                  <ProductCard
                    key={p.productCode}
                    card={{ ...p, tags: [p.categoryName, ...p.tags] }}
                  />
                ))}
              </>
            )}
          </QueryView>
        </div>
      )}
      {sub ? (
        category && <div className="pension-card pension-muted">{CATEGORY_HINT[category]}</div>
      ) : (
        <Tabs
          activeKey={category ?? 'all'}
          onChange={(k) => setParams(k === 'all' ? {} : { category: k }, { replace: true })}
        >
          {CATEGORIES.map((c) => (
            <Tabs.Tab key={c.key} title={c.title} />
          ))}
        </Tabs>
      )}
      {!sub && category && (
        <div className="pension-card pension-muted">
          {CATEGORY_HINT[category]}
          <a role="link" onClick={() => navigate(`/pension/subShelf?category=${category}`)}>
            {' '}
            只看这一类
          </a>
        </div>
      )}
      <Products category={category} />
    </div>
  )
}
