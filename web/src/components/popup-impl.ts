/** antd-mobile's pop-ups, loaded by components/lazy-popup on the first tap that shows one: with
 * their mask, spring (react-spring) and drag gesture (use-gesture) they were a third of the
 * evaluation of 首页's code and most of 我的's (docs/architecture.md#first-load). */
export { ActionSheet, Dialog, Popup } from 'antd-mobile'
