import { List } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useAccountSensitive } from '../api/get-account-sensitive'
import '../accounts.css'

/** 账户管理: the personal information on file, masked. */
export default function AccountManagementPage() {
  const navigate = useNavigate()
  const query = useAccountSensitive()
  return (
    <QueryView query={query}>
      {(a) => (
        <div className="form-page">
          <List header="身份信息">
            <List.Item extra={a.accountName}>姓名</List.Item>
            <List.Item extra={a.idTypeName}>证件类型</List.Item>
            <List.Item extra={a.identityNo}>证件号码</List.Item>
            <List.Item
              extra={
                a.idLongTerm
                  ? '长期有效'
                  : a.idExpired
                    ? `${a.idValidUntil}（已过期）`
                    : a.idValidUntil
              }
              onClick={() => navigate('/certificates')}
            >
              证件有效期
            </List.Item>
          </List>
          <List header="基本信息">
            <List.Item extra={a.phone} onClick={() => navigate('/msgPhoneManage')}>
              手机号
            </List.Item>
            <List.Item extra={a.occupationName}>职业</List.Item>
            <List.Item description={a.address}>联系地址</List.Item>
            <List.Item extra={a.openDate}>开户日期</List.Item>
          </List>
          <List header="服务">
            <List.Item onClick={() => navigate('/certificates')}>证件信息与照片</List.Item>
            <List.Item onClick={() => navigate('/closeAccount')}>注销账户</List.Item>
          </List>
        </div>
      )}
    </QueryView>
  )
}
