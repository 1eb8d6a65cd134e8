/**
 * 投顾观点 (advisor/articleList): the adviser team's latest articles about the strategies of the
 * investor's robo accounts (or all the team's, without one); each opens on advisor/article.
 */
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { Section } from '@/components/section'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'
import { useRoboAccounts } from '../api/queries'
import { advisorPath } from '../lib/paths'
import '../robo.css'

type Articles = GetData<'/adviser/latestArticles'>

function Articles({ poCodes }: { poCodes: string }) {
  const navigate = useNavigate()
  const query = useQuery({
    queryKey: ['robo', 'articles', poCodes],
    queryFn: () => get<Articles>('/adviser/latestArticles', poCodes ? { poCodes } : {}),
  })
  return (
    <QueryView query={query} rows={5} isEmpty={(l) => l.length === 0} emptyTitle="暂无投顾观点">
      {(list) => (
        <Section>
          {list.map((a) => (
            <div
              key={a.articleId}
              className="fa-row"
              role="link"
              onClick={() => navigate(advisorPath('article', { articleId: a.articleId }))}
            >
              <div className="fa-row__main">
                {a.title}
                <div className="fa-row__sub">
                  {a.categoryName} · {a.updateAt.slice(0, 10)}
                </div>
              </div>
            </div>
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
