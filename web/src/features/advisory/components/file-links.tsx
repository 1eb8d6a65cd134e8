import { useNavigate } from 'react-router'
import type { FileItem } from '../api/types'
import { withQuery } from '../lib/paths'

/** The contract's files; each opens on fa/previewContract. */
export function FileLinks({
  files,
  poCode,
  serviceAccountId,
}: {
  files: FileItem[]
  poCode?: string
  serviceAccountId?: number | null
}) {
  const navigate = useNavigate()
  if (files.length === 0) return <p className="fa-muted">暂无协议文件</p>
  return (
    <div className="fa-files">
      {files.map((f) => (
        <a
          key={f.fileId}
          role="link"
          onClick={() =>
            navigate(
              withQuery('/fa/previewContract', {
                fileId: f.fileId,
                poCode,
                serviceAccountId,
              }),
            )
          }
        >
          《{f.name}》
        </a>
      ))}
    </div>
  )
}
