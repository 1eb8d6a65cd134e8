import { Button, List } from 'antd-mobile'
import { useNavigate } from 'react-router'
import '../../auth.css'

/** 绑定身份证: becoming a verified member is opening the fund account with the identity
 * document, so this explains what is needed and leads to the opening form. */
export default function MemberBindIdCardPage() {
  const navigate = useNavigate()
  return (
    <div className="form-page">
      <p className="form-page__intro">
        根据监管要求，购买基金需先完成实名认证并开立基金账户。请准备好本人有效身份证件和本人名下的银行卡。
      </p>
      <List header="认证步骤">
        <List.Item description="姓名、证件号码、职业与联系地址">1. 填写身份信息</List.Item>
        <List.Item description="发送至预留手机号的验证码">2. 短信验证</List.Item>
        <List.Item description="用于申购扣款与赎回到账">3. 绑定银行卡</List.Item>
      </List>
      <div className="form-page__footer">
        <Button block color="primary" onClick={() => navigate('/openAccount?from=member')}>
          开始认证
        </Button>
      </div>
    </div>
  )
}
