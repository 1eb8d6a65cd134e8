/** The suitability feature's public surface. */
export { useLatestSurveyInfo, type LatestSurvey } from './api/get-latest-survey-info'
export { GRADE_NAMES, LEVEL_NAMES, gradeText, levelText } from './grades'
