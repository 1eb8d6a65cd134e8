import { useEffect } from 'react'
import { Dialog } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { useLatestSurveyInfo } from '../api/get-latest-survey-info'

/** Spec 000 §4 risk-test expiry: a done but expired survey prompts; 取消 ignores it for a
 * month (kept on the device); 重新测评 goes to the questionnaire. */
export const IGNORE_KEY = 'opentamp.riskExpiry.ignoredUntil'
const MONTH_MS = 30 * 24 * 3600 * 1000

export function shouldPrompt(isNeedToast: boolean, now = Date.now()): boolean {
  const until = Number(localStorage.getItem(IGNORE_KEY) ?? 0)
  return isNeedToast && now >= until
}

export function useRiskExpiryPrompt(enabled: boolean) {
  const navigate = useNavigate()
  const info = useLatestSurveyInfo()
  const due = enabled && !!info.data && shouldPrompt(info.data.isNeedToast)
  useEffect(() => {
    if (!due) return
    void Dialog.confirm({
      title: '风险测评已过期',
      content: '您的风险测评结果已超过两年有效期，为不影响交易，请重新测评。',
      confirmText: '重新测评',
      cancelText: '取消',
      onConfirm: () => navigate('/riskSurvey?reTest=1'),
      onCancel: () => localStorage.setItem(IGNORE_KEY, String(Date.now() + MONTH_MS)),
    })
  }, [due, navigate])
}
