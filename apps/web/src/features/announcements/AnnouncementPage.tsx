import { Flex, Spin, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { formatDateTime } from '../../shared/format'
import { currentLanguage } from '../../shared/i18n/i18n'
import { PublicPage } from '../../shared/ui/PublicPage'
import { inLanguage, useAnnouncement } from './api'

/** §2 public /announcement?id=: one announcement in the page's language, without login. */
export function AnnouncementPage() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const raw = Number(params.get('id'))
  const id = Number.isInteger(raw) && raw > 0 ? raw : undefined
  const announcement = useAnnouncement(id)
  const language = currentLanguage()
  const data = announcement.data
  return (
    <PublicPage title={data ? inLanguage(data.title, language) : t('announcement.title')} width={720}>
      {announcement.isPending && id !== undefined ? (
        <Spin />
      ) : data ? (
        <>
          <Typography.Paragraph type="secondary">
            {t('announcement.published', { time: formatDateTime(data.publishedAt) ?? '' })}
          </Typography.Paragraph>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>
            {inLanguage(data.body, language)}
          </Typography.Paragraph>
        </>
      ) : (
        <Typography.Paragraph role="alert">{t('announcement.notFound')}</Typography.Paragraph>
      )}
      <Flex gap={16} style={{ marginTop: 24 }}>
        <Link to="/announcement_list">{t('announcement.backToList')}</Link>
        <Link to="/home/main">{t('announcement.toConsole')}</Link>
      </Flex>
    </PublicPage>
  )
}
