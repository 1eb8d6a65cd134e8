import {
  BankcardOutline,
  FileOutline,
  HistogramOutline,
  LockOutline,
  PayCircleOutline,
  SetOutline,
  TeamOutline,
  UserOutline,
} from 'antd-mobile-icons'
import type { ReactNode } from 'react'
import { useNavigate } from 'react-router'
import '../accounts.css'

const SERVICES: { title: string; to: string; icon: ReactNode }[] = [
  { title: '个人信息', to: '/accountManagement', icon: <UserOutline /> },
  { title: '银行卡', to: '/bankCard', icon: <BankcardOutline /> },
  { title: '更换银行卡', to: '/changeCard/applyGuide', icon: <BankcardOutline /> },
  { title: '支付限额', to: '/paymentLimitRaise', icon: <PayCircleOutline /> },
  { title: '风险测评', to: '/surveyResult', icon: <HistogramOutline /> },
  { title: '问卷调研', to: '/userSurvey', icon: <FileOutline /> },
  { title: '账户安全', to: '/accountSecurity', icon: <LockOutline /> },
  { title: '证件信息', to: '/certificates', icon: <FileOutline /> },
  { title: '会员中心', to: '/member/index', icon: <TeamOutline /> },
  { title: '线下转账', to: '/offlinePaymentExplain', icon: <PayCircleOutline /> },
  { title: '消息订阅', to: '/subscribeSetting', icon: <SetOutline /> },
  { title: '设置', to: '/setting', icon: <SetOutline /> },
]

/** 更多服务: every account service in one grid. */
export default function MoreServicesPage() {
  const navigate = useNavigate()
  return (
    <div className="service-grid">
      {SERVICES.map((s) => (
        <button key={s.title} type="button" onClick={() => navigate(s.to)}>
          <span className="service-grid__icon">{s.icon}</span>
          {s.title}
        </button>
      ))}
    </div>
  )
}
