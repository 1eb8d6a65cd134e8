import { useState } from 'react'
import { Button, NoticeBar, Skeleton } from 'antd-mobile'
import { ProductCard } from '@/components/product-card'
import { Deferred } from '@/components/deferred'
import { LazyPopup, loadPopup } from '@/components/lazy-popup'
import { MountWhenShown } from '@/components/mount-when-shown'
import { QueryView } from '@/components/query-view'
import { RichText } from '@/components/rich-text'
import { ShowTogether } from '@/components/show-together'
import { useAds } from '../api/get-ads'
import { useArticles } from '../api/get-articles'
import { useComponentData } from '../api/get-component-data'
import { usePageConfig, type PageConfig } from '../api/get-page-config'
import { useRecommendations } from '../api/get-recommendations'
import { useStoreAnnouncements } from '../api/get-store-announcements'
import { useTeam, type Team } from '../api/get-team'
import { ArticleItem } from '../components/article-item'
import { Banner } from '../components/banner'
import { TeamHeader } from '../components/team-header'
import { useStoreLink } from '../hooks/use-store-link'
import '../components/store.css'

type Component = PageConfig['components'][number]

function Notices({ teamId }: { teamId: number }) {
  const query = useStoreAnnouncements({ teamId })
  const [open, setOpen] = useState(false)
  const list = query.data?.list ?? []
  if (list.length === 0) return null
  return (
    <>
      <div className="store-notice" onClick={() => setOpen(true)} data-testid="notice-bar">
        <NoticeBar content={list.map((a) => a.title).join('　　')} color="alert" />
      </div>
      <MountWhenShown visible={open} load={loadPopup} onLoadError={() => setOpen(false)}>
        {(shown) => (
          <LazyPopup
            visible={shown}
            onMaskClick={() => setOpen(false)}
            bodyStyle={{
              maxHeight: '70vh',
              overflowY: 'auto',
              padding: 16,
              borderRadius: '12px 12px 0 0',
            }}
          >
            {list.map((a) => (
              <div key={a.id} style={{ marginBottom: 16 }}>
                <div style={{ fontWeight: 600, marginBottom: 4 }}>{a.title}</div>
                <div className="pd-muted">{a.publishedAt.slice(0, 10)}</div>
                <RichText text={a.content} />
              </div>
            ))}
          </LazyPopup>
        )}
      </MountWhenShown>
    </>
  )
}

function Recommendations({ teamId, title }: { teamId: number; title: string }) {
  const query = useRecommendations({ teamId })
  return (
    <div className="store-section" data-testid="recommendations">
      <div className="store-section__head">{title}</div>
      <QueryView query={query} isEmpty={(d) => d.length === 0} emptyTitle="暂无推荐产品">
        {(list) => list.map((r) => <ProductCard key={r.id} card={r.product} reason={r.reason} />)}
      </QueryView>
    </div>
  )
}

function ProductList({ teamId, component }: { teamId: number; component: Component }) {
  const query = useComponentData({ teamId, componentId: component.componentId })
  if (query.data && query.data.products.length === 0) return null
  return (
    <div className="store-section">
      <div className="store-section__head">{component.title}</div>
      <QueryView query={query}>
        {(d) => d.products.map((p) => <ProductCard key={p.productCode} card={p} />)}
      </QueryView>
    </div>
  )
}

function Articles({ teamId, title }: { teamId: number; title: string }) {
  const query = useArticles(teamId)
  const articles = query.data?.pages.flatMap((p) => p.list) ?? []
  return (
    <div className="store-section" data-testid="articles">
      <div className="store-section__head">{title}</div>
      <QueryView query={query} isEmpty={(d) => d.pages[0].total === 0} emptyTitle="暂无文章">
        {() => (
          <>
            {articles.map((a) => (
              <ArticleItem key={a.articleId} article={a} />
            ))}
            {query.hasNextPage && (
              <Button
                block
                fill="none"
                size="small"
                loading={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                查看更多
              </Button>
            )}
          </>
        )}
      </QueryView>
    </div>
  )
}

function Ads({ teamId }: { teamId: number }) {
  const query = useAds({ teamId })
  return <Banner ads={query.data ?? []} />
}

function Block({ team, component }: { team: Team; component: Component }) {
  switch (component.type) {
    case 'BANNER':
      return <Ads teamId={team.teamId} />
    case 'NOTICE':
      return <Notices teamId={team.teamId} />
    case 'RECOMMEND':
      return <Recommendations teamId={team.teamId} title={component.title} />
    case 'ARTICLE':
      return <Articles teamId={team.teamId} title={component.title} />
    case 'PRODUCT_LIST':
      return <ProductList teamId={team.teamId} component={component} />
    default:
      return null
  }
}

/** The calls of the page configuration and its sections. */
const SECTION_CALLS = new Set([
  'page-config',
  'ads',
  'store-announcements',
  'recommendations',
  'articles',
  'component-data',
])
const isSectionCall = (key: readonly unknown[]) =>
  key[0] === 'store' && SECTION_CALLS.has(key[1] as string)

function SectionsSkeleton() {
  return (
    <div className="store-home__skeleton" role="status" aria-label="正在加载">
      <Skeleton animated className="store-home__skeleton-banner" />
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={5} animated />
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={5} animated />
    </div>
  )
}

function TeamHome({ team }: { team: Team }) {
  const config = usePageConfig({ teamId: team.teamId })
  return (
    <div className="store-home" data-testid="home">
      <TeamHeader team={team} />
      <ShowTogether calls={isSectionCall} ready={!config.isPending} skeleton={<SectionsSkeleton />}>
        <QueryView query={config}>
          {(c) =>
            c.components.map((component) => (
              <Block key={component.componentId} team={team} component={component} />
            ))
          }
        </QueryView>
        <p className="pd-muted" style={{ padding: '16px', textAlign: 'center' }}>
          基金投资有风险，过往业绩不代表未来表现
        </p>
      </ShowTogether>
    </div>
  )
}

/** 首页: the team the user came through, with its banners, announcements, recommended
 * products and articles, in the order of the team's page configuration. */
export default function Home() {
  const link = useStoreLink()
  const team = useTeam(link)
  // drawn a task after the header and tab bar, which come with the screen's first render
  // (docs/architecture.md#first-load)
  return (
    <Deferred>
      <QueryView query={team}>{(t) => <TeamHome team={t} />}</QueryView>
    </Deferred>
  )
}
