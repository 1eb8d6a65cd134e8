import { useEffect, useState } from 'react'
import { Button, DotLoading, ErrorBlock } from 'antd-mobile'

/** A PDF of the API shown in the page (the browser's own viewer in a frame) with 下载文件:
 * fetched with the user's token as a Blob, framed by its blob: address (docs/statements.md#viewer). */
export function PdfFrame({
  load,
  fileName,
  title,
}: {
  load: () => Promise<Blob>
  fileName: string
  title: string
}) {
  const [url, setUrl] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    let live = true
    let made: string | null = null
    load()
      .then((blob) => {
        if (!live) return
        made = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }))
        setUrl(made)
      })
      .catch((err: unknown) => {
        if (live) setError(err instanceof Error ? err.message : '文件加载失败')
      })
    return () => {
      live = false
      if (made) URL.revokeObjectURL(made)
    }
    // `load` is a new function on every render; the attempt counter reloads on purpose.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt])
  if (error) {
    return (
      <div className="statements-frame__state">
        <ErrorBlock status="default" title="文件加载失败，请重试" description={error} />
        <Button
          size="small"
          color="primary"
          fill="outline"
          onClick={() => {
            setError(null)
            setAttempt((n) => n + 1)
          }}
        >
          重试
        </Button>
      </div>
    )
  }
  if (!url) {
    return (
      <div className="statements-frame__state" role="status">
        <DotLoading color="primary" />
        <span>文件加载中...</span>
      </div>
    )
  }
  return (
    <div className="statements-frame" data-testid="pdf-frame">
      <iframe className="statements-frame__doc" src={url} title={title} />
      <a className="statements-frame__download" href={url} download={fileName}>
        下载文件
      </a>
    </div>
  )
}
