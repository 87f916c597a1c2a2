import { SearchOutlined } from '@ant-design/icons'
import { Flex, Input, Result, Typography } from 'antd'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useParams, useSearchParams } from 'react-router'
import { ErrorWithRetry } from '../../shared/ui/ErrorWithRetry'
import { PageSpinner } from '../../shared/ui/PageSpinner'
import { HelpArticleView } from './HelpArticleView'
import { HelpIndex } from './HelpIndex'
import { HelpResults } from './HelpResults'
import { isHelpArticleId } from './help-topics'
import { searchTerms } from './search'
import { useHelpLibrary } from './use-help-library'
import '../../shared/i18n/help-messages'

/**
 * /help and /help/:article (§2 help center): a search over the current language's articles
 * (titles and bodies, as you type), the articles by section, and one article at its own
 * address. `?q=` fills the search on /help and marks its words in an article.
 */
export function HelpPage() {
  // A new address (an article opened from the results) starts afresh: its own search box.
  const { pathname } = useLocation()
  return <HelpCenter key={pathname} />
}

function HelpCenter() {
  const { t } = useTranslation()
  const { article: articleParam } = useParams()
  const [params] = useSearchParams()
  const fromUrl = params.get('q') ?? ''
  // On /help, ?q= starts the search; in an article it only marks the words it was found by.
  const [query, setQuery] = useState(articleParam ? '' : fromUrl)
  const library = useHelpLibrary()

  const searching = query.trim().length > 0
  let body: ReactNode
  if (library.isError && !library.data) {
    body = (
      <ErrorWithRetry
        title={t('helpCenter.loadFailed')}
        onRetry={() => library.refetch()}
        retrying={library.isFetching}
      />
    )
  } else if (!library.data) {
    body = <PageSpinner />
  } else if (searching) {
    body = <HelpResults library={library.data} query={query} />
  } else if (articleParam === undefined) {
    body = <HelpIndex library={library.data} />
  } else if (isHelpArticleId(articleParam)) {
    body = (
      <HelpArticleView
        key={articleParam}
        id={articleParam}
        article={library.data.articles[articleParam]}
        terms={searchTerms(fromUrl)}
      />
    )
  } else {
    body = (
      <Result
        status="404"
        title={t('helpCenter.notFound')}
        extra={<Link to="/help">{t('helpCenter.backToIndex')}</Link>}
      />
    )
  }

  return (
    <Flex vertical gap={24}>
      <Flex wrap align="center" justify="space-between" gap={16}>
        {articleParam === undefined || searching ? (
          <div>
            <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
              {t('menu.help')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('helpCenter.intro')}</Typography.Text>
          </div>
        ) : (
          <span />
        )}
        <Input
          // a searchbox without the browser's own clear button beside antd's
          role="searchbox"
          allowClear
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          prefix={<SearchOutlined aria-hidden />}
          placeholder={t('helpCenter.searchPlaceholder')}
          aria-label={t('helpCenter.search')}
          style={{ maxWidth: 360 }}
        />
      </Flex>
      {body}
    </Flex>
  )
}
