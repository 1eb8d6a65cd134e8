import './widgets.css'
import type { ReactNode } from 'react'
import { Button, Result } from 'antd-mobile'

interface Action {
  text: string
  onClick: () => void
  primary?: boolean
}

interface Props {
  status: 'success' | 'error' | 'info' | 'waiting' | 'warning'
  title: string
  description?: ReactNode
  actions?: Action[]
  children?: ReactNode
}

/** The end page of a flow: its status, what happened, and where to go next. */
export function ResultView({ status, title, description, actions = [], children }: Props) {
  return (
    <div className="result-view">
      <Result status={status} title={title} description={description} />
      {children}
      <div className="result-view__actions">
        {actions.map((a) => (
          <Button
            key={a.text}
            block
            color="primary"
            fill={a.primary === false ? 'outline' : 'solid'}
            onClick={a.onClick}
          >
            {a.text}
          </Button>
        ))}
      </div>
    </div>
  )
}
