import { Button, Form, Input, Toast } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { useVerifyIdentity } from '../api'
import '../membership.css'

/** 绑定身份证 (member/bindIdCard): the name and ID number, checked against the opened account
 * before the membership can be bought. */
export default function MemberBindIdCardPage() {
  const navigate = useNavigate()
  const verify = useVerifyIdentity()
  const onFinish = (values: { name: string; idNo: string }) =>
    verify.mutate(
      { name: values.name.trim(), idNo: values.idNo.trim() },
      {
        onSuccess: () => {
          Toast.show({ icon: 'success', content: '身份验证成功' })
          navigate('/member/index', { replace: true })
        },
        onError: (e) => Toast.show({ content: e.message }),
      },
    )
  return (
    <div className="mb-page">
      <p className="form-page__intro" style={{ padding: '12px 16px', margin: 0 }}>
        开通投顾会员需验证本人身份，请填写与开户信息一致的姓名和身份证号。
      </p>
      <Form
        layout="horizontal"
        onFinish={onFinish}
        footer={
          <Button block type="submit" color="primary" loading={verify.isPending}>
            验证身份
          </Button>
        }
      >
        <Form.Item name="name" label="姓名" rules={[{ required: true, message: '请输入姓名' }]}>
          <Input placeholder="请输入姓名" maxLength={64} />
        </Form.Item>
        <Form.Item
          name="idNo"
          label="身份证号"
          rules={[{ required: true, message: '请输入身份证号' }]}
        >
          <Input placeholder="请输入身份证号" maxLength={18} />
        </Form.Item>
      </Form>
    </div>
  )
}
