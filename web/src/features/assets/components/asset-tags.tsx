import { Tag } from 'antd-mobile'

/** Tags of docs/product.md#states "Product status tags and labels"; suspensions read as warnings.
 * */
const WARNING = new Set(['暂停申购', '暂停赎回', '调仓待确认', '未签约'])

export function AssetTags({ tags }: { tags?: string[] | null }) {
  if (!tags?.length) return null
  return (
    <>
      {tags.map((t) => (
        <Tag
          key={t}
          className="asset-tag"
          color={WARNING.has(t) ? 'warning' : 'default'}
          fill="outline"
        >
          {t}
        </Tag>
      ))}
    </>
  )
}
