/** 公告文件 (noticeFiles, noticeId): the attachments of a notice, each opened in the app's
 * document viewer. */
import { ErrorBlock, List } from 'antd-mobile'
import { FileOutline } from 'antd-mobile-icons'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useNotice } from '../api/get-notice'
import { NOTICE_TEXTS, filePath } from '../lib/texts'
import { useIdParam } from '../lib/params'
import '../notices.css'

export default function NoticeFilesPage() {
  const noticeId = useIdParam('noticeId')
  const navigate = useNavigate()
  const query = useNotice(noticeId)
  return (
    <div className="notice-page" data-testid="notice-files">
      <QueryView query={query} rows={4} emptyTitle={NOTICE_TEXTS.notFound}>
        {(n) =>
          n.files.length === 0 ? (
            <ErrorBlock status="empty" title={NOTICE_TEXTS.noFiles} description="" />
          ) : (
            <List header={n.title}>
              {n.files.map((f) => (
                <List.Item
                  key={f.fileUrl}
                  prefix={<FileOutline />}
                  onClick={() => navigate(filePath(f.name, f.fileUrl))}
                >
                  {f.name}
                </List.Item>
              ))}
            </List>
          )
        }
      </QueryView>
    </div>
  )
}
