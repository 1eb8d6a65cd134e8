// Answers the pop-up host's tests give (popup-host.test.tsx, popup-host-offline.test.tsx).

/** checkUserLatestContracts: the privacy policy, signed or not. */
export const privacyContracts = (signed: boolean) => [
  {
    fileType: 'privacyPolicy',
    fileName: '隐私政策',
    latestVersion: '2026.11.01',
    signedVersion: signed ? '2026.11.01' : null,
    signedAt: null,
    isSignLatest: signed,
  },
]

/** popup/list: one operation pop-up of 首页, shown once, to `audience`. */
export const homePopups = (audience: 'ALL' | 'ACCOUNT') => [
  {
    popupId: 1,
    scene: 'HOME',
    title: '定投计划，省心积累',
    content: '每月小额投入',
    imageUrl: '',
    linkUrl: '/strategy/autoInvestPlanList',
    buttonText: '去看看',
    frequency: 'ONCE',
    audience,
    startAt: '2026-11-22T00:00:00+08:00',
    endAt: null,
  },
]
