/**
 * 投顾观点 (advisor/articleList): the adviser team's latest articles about the strategies of the
 * investor's robo accounts (or all the team's, without one); each opens on advisor/article.
 */
import { QueryView } from '@/components/query-view'
import { Section } from '@/components/section'
import { ArticleItem, useLatestArticles } from '@/features/store'
import { useRoboAccounts } from '../api/queries'
import '../robo.css'

function Articles({ poCodes }: { poCodes: string }) {
  const query = useLatestArticles(poCodes ? { poCodes } : {})
  return (
    <QueryView query={query} rows={5} isEmpty={(l) => l.length === 0} emptyTitle="暂无投顾观点">
      {(list) => (
        <Section>
          {list.map((a) => (
            <ArticleItem key={a.articleId} article={a} />
          ))}
        </Section>
      )}
    </QueryView>
  )
}

export default function ArticleListPage() {
  const accounts = useRoboAccounts()
  return (
    <div className="fa-page fa-page--plain" data-testid="robo-articles">
      <QueryView query={accounts} rows={3}>
        {(list) => <Articles poCodes={[...new Set(list.map((a) => a.poCode))].join(',')} />}
      </QueryView>
    </div>
  )
}
