import { useNavigate } from 'react-router'

const WAYS = [
  {
    path: '/transferOnline/bulkImageUpload',
    title: '上传持仓截图',
    desc: '截取其他App的持仓页，自动识别',
  },
  { path: '/transferOnline/bulkUpload', title: '上传表格', desc: 'CSV 或 Excel，按模板填写' },
  { path: '/pasteText', title: '粘贴文字', desc: '复制持仓明细，一行一只基金' },
  { path: '/transferOnline/assetAdd', title: '手动添加', desc: '搜索基金，逐只填写份额与成本' },
]

/** The four ways in; each ends on the recognition screen (docs/transfers.md#ways-in). */
export function Ways() {
  const navigate = useNavigate()
  return (
    <div className="xfer-ways" data-testid="transfer-ways">
      {WAYS.map((w) => (
        <button key={w.path} type="button" className="xfer-way" onClick={() => navigate(w.path)}>
          <div className="xfer-way__title">{w.title}</div>
          <div className="xfer-way__desc">{w.desc}</div>
        </button>
      ))}
    </div>
  )
}
