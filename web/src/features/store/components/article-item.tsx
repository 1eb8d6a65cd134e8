import { useNavigate } from 'react-router'
import type { Schemas } from '@/lib/api-types'

type Article = Schemas['ArticleOut']

/** An article in a list; a tap opens it. */
export function ArticleItem({
  article,
  to = 'adviserArticle',
}: {
  article: Article
  to?: 'adviserArticle' | 'articleDetail'
}) {
  const navigate = useNavigate()
  const path =
    to === 'adviserArticle'
      ? `/adviserArticle?articleId=${article.articleId}`
      : `/articleDetail?id=${article.articleId}`
  return (
    <div
      className="article-item"
      role="link"
      onClick={() => navigate(path)}
      data-testid="article-item"
    >
      <div className="article-item__title">
        {article.isTop && <span style={{ color: 'var(--app-rise)', marginRight: 4 }}>[置顶]</span>}
        {article.title}
      </div>
      <div className="article-item__meta">
        {article.categoryName} · {article.author} · {article.publishedAt.slice(0, 10)}
      </div>
    </div>
  )
}
