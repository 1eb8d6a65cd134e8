/** antd-mobile's Popup, loaded by components/lazy-popup on the first tap that shows one: with its
 * spring (react-spring) and drag gesture (use-gesture) it was a third of the evaluation of
 * 首页's code (docs/architecture.md#first-load). */
export { Popup } from 'antd-mobile'
