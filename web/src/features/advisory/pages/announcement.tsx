/**
 * 公告 (fa/announcement, announcementId or serviceAccountId): one announcement of the strategy,
 * marked read when opened (a mandatory one must be read before a deposit), or the list of the
 * account's announcements with the unread mandatory ones first.
 */
import { useEffect } from 'react'
import { Tag } from 'antd-mobile'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { Section } from '@/components/section'
import { useAnnouncement } from '../api/get-announcement'
import { useHomeAnnouncements } from '../api/get-home-announcements'
import { invalidateAdvisory, readAnnouncement } from '../api/writes'
import { useIdParam } from '../lib/params'
import { faPath } from '../lib/paths'
import '../advisory.css'

function Detail({ announcementId }: { announcementId: number }) {
  const queryClient = useQueryClient()
  const query = useAnnouncement(announcementId)
  const unread = query.data && !query.data.isRead
  useEffect(() => {
    if (!unread) return
    void readAnnouncement(announcementId).then(
      () => invalidateAdvisory(queryClient),
      () => undefined,
    )
  }, [unread, announcementId, queryClient])
  return (
    <QueryView query={query} rows={6} emptyTitle="未找到该公告">
      {(a) => (
        <div className="fa-page fa-page--plain" data-testid="fa-announcement">
          <div className="fa-doc">
            <h3 style={{ margin: '0 0 4px' }}>
              {a.title}
              {a.isMandatory && (
                <Tag className="asset-tag" color="danger" fill="outline">
                  重要
                </Tag>
              )}
            </h3>
            <div className="fa-row__sub">{a.publishTime.slice(0, 16).replace('T', ' ')}</div>
            <p>{a.content}</p>
          </div>
        </div>
      )}
    </QueryView>
  )
}

function List({ serviceAccountId }: { serviceAccountId: number }) {
  const navigate = useNavigate()
  const query = useHomeAnnouncements(serviceAccountId)
  return (
    <div className="fa-page fa-page--plain" data-testid="fa-announcements">
      <QueryView query={query} rows={4} isEmpty={(d) => d.length === 0} emptyTitle="暂无公告">
        {(items) => (
          <Section title="投顾公告">
            {[...items]
              .sort(
                (a, b) => Number(b.isMandatory && !b.isRead) - Number(a.isMandatory && !a.isRead),
              )
              .map((a) => (
                <div
                  key={a.announcementId}
                  className="fa-row"
                  role="button"
                  onClick={() =>
                    navigate(
                      faPath('announcement', serviceAccountId, {
                        announcementId: a.announcementId,
                      }),
                    )
                  }
                >
                  <div className="fa-row__main">
                    {a.title}
                    {a.isMandatory && (
                      <Tag className="asset-tag" color="danger" fill="outline">
                        重要
                      </Tag>
                    )}
                    <div className="fa-row__sub">{a.publishTime.slice(0, 10)}</div>
                  </div>
                  <span className="fa-row__sub">{a.isRead ? '已读' : '未读'}</span>
                </div>
              ))}
          </Section>
        )}
      </QueryView>
    </div>
  )
}

export default function AnnouncementPage() {
  const announcementId = useIdParam('announcementId')
  const serviceAccountId = useIdParam('serviceAccountId')
  return announcementId ? (
    <Detail announcementId={announcementId} />
  ) : (
    <List serviceAccountId={serviceAccountId} />
  )
}
