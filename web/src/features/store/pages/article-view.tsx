import { ProductCard } from '@/components/product-card'
import { Section } from '@/components/section'
import { RichText } from '@/components/rich-text'
import type { ArticleDetail } from '../api/get-article-detail'
import '../components/store.css'

/** An article: title, source, text, and the products it is about. */
export function ArticleView({ article }: { article: ArticleDetail }) {
  return (
    <div data-testid="article">
      <article className="article-page">
        <h1 className="article-page__title">{article.title}</h1>
        <div className="article-page__meta">
          {article.categoryName} · {article.teamName} · {article.publishedAt.slice(0, 10)}
        </div>
        <RichText text={article.content} />
        <p className="pd-muted">以上内容仅代表作者观点，不构成投资建议。市场有风险，投资需谨慎。</p>
      </article>
      {article.products.length > 0 && (
        <Section title="相关产品">
          {article.products.map((p) => (
            <ProductCard key={p.productCode} card={p} />
          ))}
        </Section>
      )}
    </div>
  )
}
