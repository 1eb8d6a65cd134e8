import type { FC, ReactNode } from 'react'
import { Button, type ErrorBlockProps } from 'antd-mobile'

export interface ErrorFrameProps {
  status?: 'default' | 'disconnected' | 'empty' | 'busy'
  title: ReactNode
  /** Always given: antd-mobile would otherwise add its own default sentence. */
  description: ReactNode
  children?: ReactNode
  action?: { text: string; onClick: () => void } | null
}

/** One full-page error: a picture (drawn by `block`, an antd-mobile error block with the
 * pictures it may need), a title, what to do, and a button. */
export function ErrorFrame({
  block: Block,
  status = 'default',
  title,
  description,
  children,
  action,
}: ErrorFrameProps & { block: FC<ErrorBlockProps> }) {
  return (
    <div className="error-view" data-testid="error-view">
      <Block status={status} title={title} description={description} />
      {children}
      {action && (
        <Button className="error-view__action" color="primary" onClick={action.onClick}>
          {action.text}
        </Button>
      )}
    </div>
  )
}
