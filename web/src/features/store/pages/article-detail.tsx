import { useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useArticleDetail } from '../api/get-article-detail'
import { ArticleView } from './article-view'

/** articleDetail (id): an article anyone may open. */
export default function ArticleDetailPage() {
  const [params] = useSearchParams()
  const query = useArticleDetail({ articleId: Number(params.get('id') ?? params.get('articleId')) })
  return (
    <QueryView query={query} emptyTitle="未指定文章">
      {(a) => <ArticleView article={a} />}
    </QueryView>
  )
}
