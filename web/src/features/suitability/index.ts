/** The suitability feature's public surface. */
export { useRiskExpiryPrompt } from './hooks/use-risk-expiry-prompt'
export { useLatestSurveyInfo, type LatestSurvey } from './api/get-latest-survey-info'
