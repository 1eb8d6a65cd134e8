import type { ReactNode } from 'react'
import { Button, ErrorBlock } from 'antd-mobile'

/** One full-page error: a picture, a title, what to do, and a button. */
export function ErrorView({
  status = 'default',
  title,
  description,
  children,
  action,
}: {
  status?: 'default' | 'disconnected' | 'empty' | 'busy'
  title: ReactNode
  /** Always given: antd-mobile would otherwise add its own default sentence. */
  description: ReactNode
  children?: ReactNode
  action?: { text: string; onClick: () => void } | null
}) {
  return (
    <div className="error-view" data-testid="error-view">
      <ErrorBlock status={status} title={title} description={description} />
      {children}
      {action && (
        <Button className="error-view__action" color="primary" onClick={action.onClick}>
          {action.text}
        </Button>
      )}
    </div>
  )
}
