import { List, Pagination } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatDateTime } from '../../shared/format'
import { currentLanguage } from '../../shared/i18n/i18n'
import { ErrorWithRetry } from '../../shared/ui/ErrorWithRetry'
import { PublicPage } from '../../shared/ui/PublicPage'
import { ANNOUNCEMENT_PAGE_SIZE, inLanguage, useAnnouncements } from './api'

/** §2 public /announcement_list: every published announcement, newest first, without login. */
export function AnnouncementListPage() {
  const { t } = useTranslation()
  const [page, setPage] = useState(1)
  const list = useAnnouncements(page)
  const language = currentLanguage()
  return (
    <PublicPage title={t('announcement.listTitle')} width={720}>
      {list.isError && !list.data ? (
        <ErrorWithRetry
          title={t('announcement.loadFailed')}
          onRetry={() => list.refetch()}
          retrying={list.isFetching}
        />
      ) : (
        <List
          loading={list.isPending}
          dataSource={list.data?.list ?? []}
          locale={{ emptyText: list.data ? t('announcement.empty') : ' ' }}
          renderItem={(announcement) => (
            <List.Item>
              <List.Item.Meta
                title={
                  <Link to={`/announcement?id=${announcement.id}`}>
                    {inLanguage(announcement.title, language)}
                  </Link>
                }
                description={t('announcement.published', {
                  time: formatDateTime(announcement.publishedAt) ?? '',
                })}
              />
            </List.Item>
          )}
        />
      )}
      {(list.data?.total ?? 0) > ANNOUNCEMENT_PAGE_SIZE && (
        <Pagination
          style={{ marginTop: 16 }}
          current={page}
          pageSize={ANNOUNCEMENT_PAGE_SIZE}
          total={list.data?.total ?? 0}
          onChange={setPage}
          showSizeChanger={false}
        />
      )}
    </PublicPage>
  )
}
