/** antd-mobile's Toast, loaded by lib/toast on the first toast: it carries the animation library
 * the first screen does not need (docs/architecture.md#first-load). */
export { Toast } from 'antd-mobile'
