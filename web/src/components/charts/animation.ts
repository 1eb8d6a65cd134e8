/**
 * Browser tests run with navigator.webdriver set; charts there are drawn without animation so
 * screenshots show them complete. (Apart from ./echarts so that a chart's options can be
 * written without loading the chart library.)
 */
export const chartAnimation = typeof navigator === 'undefined' || !navigator.webdriver
