import { Button, List, NoticeBar } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useAccountSensitive } from '../api/get-account-sensitive'
import '../accounts.css'

/** 证件信息: the document on file, its validity and whether its photos are uploaded. */
export default function CertificatesPage() {
  const navigate = useNavigate()
  const query = useAccountSensitive()
  return (
    <QueryView query={query}>
      {(a) => (
        <div className="form-page">
          {a.idExpired && (
            <NoticeBar content="您的证件已过期，请上传新证件照片以免影响交易" color="alert" />
          )}
          <List>
            <List.Item extra={a.idTypeName}>证件类型</List.Item>
            <List.Item extra={a.identityNo}>证件号码</List.Item>
            <List.Item extra={a.idLongTerm ? '长期有效' : a.idValidUntil}>有效期至</List.Item>
            <List.Item extra={a.idPhotoUploaded ? '已上传' : '未上传'}>证件照片</List.Item>
          </List>
          <div className="form-page__footer">
            <Button block color="primary" onClick={() => navigate('/certificatesPhoto')}>
              {a.idPhotoUploaded ? '重新上传证件照片' : '上传证件照片'}
            </Button>
          </div>
        </div>
      )}
    </QueryView>
  )
}
