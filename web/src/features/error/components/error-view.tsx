import { ErrorBlock } from 'antd-mobile'
import { ErrorFrame, type ErrorFrameProps } from './error-frame'

/** One full-page error with any of antd-mobile's four pictures. */
export function ErrorView(props: ErrorFrameProps) {
  return <ErrorFrame block={ErrorBlock} {...props} />
}
