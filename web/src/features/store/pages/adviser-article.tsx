import { useSearchParams } from 'react-router'
import { Section } from '@/components/section'
import { QueryView } from '@/components/query-view'
import { useArticleDetail } from '../api/get-article-detail'
import { useLatestArticles } from '../api/get-latest-articles'
import { ArticleItem } from '../components/article-item'
import { ArticleView } from './article-view'

function More({ poCodes, current }: { poCodes: string[]; current: number }) {
  const query = useLatestArticles({ poCodes: poCodes.join(',') })
  const others = (query.data ?? []).filter((a) => a.articleId !== current)
  if (others.length === 0) return null
  return (
    <Section title="更多投顾观点">
      {others.map((a) => (
        <ArticleItem key={a.articleId} article={a} />
      ))}
    </Section>
  )
}

/** adviserArticle (articleId): an adviser's article, with the team's other articles about the
 * same portfolios. */
export default function AdviserArticle() {
  const [params] = useSearchParams()
  const query = useArticleDetail({ articleId: Number(params.get('articleId') ?? params.get('id')) })
  return (
    <QueryView query={query} emptyTitle="未指定文章">
      {(a) => (
        <div style={{ paddingBottom: 16 }}>
          <ArticleView article={a} />
          <More poCodes={a.productScope} current={a.articleId} />
        </div>
      )}
    </QueryView>
  )
}
