/**
 * What the transfer-in screens say (docs/transfers.md): the application states, the ways in,
 * the row checks. One table each; the screens and the order detail read them from here.
 */
import type { ApplicationStatus, RowStatus, Source } from '../api/types'

export const STATUS_TEXT: Record<ApplicationStatus, string> = {
  APPLYING: '申请已提交',
  READY: '待转入',
  TRANSFER_IN: '转入中',
  COMPLETE: '转入成功',
  TA_ERROR: '转入失败',
  CLOSED: '已撤销',
}

export const STATUS_COLOR: Record<ApplicationStatus, string> = {
  APPLYING: '#ff8f1f',
  READY: '#ff8f1f',
  TRANSFER_IN: '#ff8f1f',
  COMPLETE: 'var(--app-text-secondary)',
  TA_ERROR: 'var(--app-rise)',
  CLOSED: 'var(--app-text-secondary)',
}

/** The steps an application goes through, in order (TA_ERROR and CLOSED end it early). */
export const STEPS: ApplicationStatus[] = ['APPLYING', 'READY', 'TRANSFER_IN', 'COMPLETE']

export const STEP_TEXT: Record<ApplicationStatus, string> = {
  APPLYING: '提交申请',
  READY: '登记机构受理',
  TRANSFER_IN: '份额转入中',
  COMPLETE: '持仓到账',
  TA_ERROR: '转入失败',
  CLOSED: '已撤销',
}

export const SOURCE_TEXT: Record<Source, string> = {
  file: '表格导入',
  image: '截图识别',
  text: '粘贴文字',
  manual: '手动添加',
}

export const ROW_STATUS_TEXT: Record<RowStatus, string> = {
  ok: '已匹配',
  byName: '请核对',
  unknown: '未找到',
  incomplete: '待补充',
  pension: '不可转入',
}

export const TEXTS = {
  intro: '将您在其他平台持有的基金转入本平台统一管理，转入后持仓成本与收益按您填写的成本计算。',
  noRows: '还没有要转入的基金，请上传截图、表格，或手动添加',
  noApplications: '暂无转入记录',
  arrival: '提交后约 2 个交易日完成转入，转入成功后可在持仓中查看',
}
