import { useEffect, useState } from 'react'
import { SearchBar, Tabs } from 'antd-mobile'
import { LoadMore } from '@/components/load-more'
import { ProductCard } from '@/components/product-card'
import { QueryView } from '@/components/query-view'
import { useGoBack } from '@/lib/navigation'
import { useTeam } from '../api/get-team'
import { useSearchProducts, type SearchKind } from '../api/search-products'
import { useStoreLink } from '../hooks/use-store-link'
import '../components/store.css'

function useDebounced(value: string, ms: number): string {
  const [current, setCurrent] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setCurrent(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return current
}

/** search: funds and portfolios by code or name (page from 1, 10 a page); before typing, the
 * team's popular products. 取消 beside the box is the page's way back (the header has no arrow,
 * routes.ts `ownBack`); the box's own ✕ clears what was typed. */
export default function Search() {
  const goBack = useGoBack()
  const link = useStoreLink()
  const team = useTeam(link)
  const [text, setText] = useState('')
  const [kind, setKind] = useState<SearchKind>('all')
  const keyword = useDebounced(text.trim(), 300)
  const query = useSearchProducts(team.data?.teamId, keyword, kind)
  const cards = query.data?.pages.flatMap((p) => p.list) ?? []
  const hot = query.data?.pages[0]?.isHot ?? false
  return (
    <div className="search-page" data-testid="search">
      <SearchBar
        placeholder="搜索基金、组合名称或代码"
        value={text}
        onChange={setText}
        autoFocus
        showCancelButton
        onCancel={goBack}
      />
      {keyword && (
        <Tabs
          activeKey={kind}
          onChange={(k) => setKind(k as SearchKind)}
          style={{ background: '#fff' }}
        >
          <Tabs.Tab key="all" title="全部" />
          <Tabs.Tab key="fund" title="基金" />
          <Tabs.Tab key="po" title="组合" />
        </Tabs>
      )}
      <div className="search-page__list">
        {hot && (
          <div className="store-section__head" style={{ paddingTop: 12 }}>
            热门产品
          </div>
        )}
        <QueryView
          query={query}
          isEmpty={(d) => d.pages[0].total === 0}
          emptyTitle="没有找到相关产品"
          emptyDescription="换个关键词试试，如基金代码、名称或组合名称"
        >
          {() => (
            <>
              {cards.map((c) => (
                <ProductCard key={c.productCode} card={c} />
              ))}
              <LoadMore query={query} end={cards.length > 0 && !hot ? '没有更多了' : ''} />
            </>
          )}
        </QueryView>
      </div>
    </div>
  )
}
