import { List, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { HelpLibrary } from './articles/types'
import { Highlighted } from './Highlighted'
import { HELP_ARTICLES } from './help-topics'
import { searchHelp, searchTerms } from './search'
import '../../shared/i18n/help-messages'

/** The articles matching the query, best first, with the matching words marked. */
export function HelpResults({ library, query }: { library: HelpLibrary; query: string }) {
  const { t } = useTranslation()
  const hits = searchHelp(library, query)
  const terms = searchTerms(query)
  return (
    <section aria-label={t('helpCenter.resultsLabel')}>
      <Typography.Paragraph type="secondary" role="status">
        {hits.length > 0
          ? t('helpCenter.results', { count: hits.length })
          : t('helpCenter.noResults', { query })}
      </Typography.Paragraph>
      <List
        itemLayout="vertical"
        dataSource={hits}
        locale={{ emptyText: ' ' }}
        renderItem={(hit) => (
          <List.Item key={hit.id}>
            <List.Item.Meta
              title={
                <Link to={`/help/${hit.id}?q=${encodeURIComponent(query.trim())}`}>
                  <Highlighted text={hit.article.title} terms={terms} />
                </Link>
              }
              description={library.sections[HELP_ARTICLES[hit.id]]}
            />
            <Typography.Text>
              <Highlighted text={hit.excerpt} terms={terms} />
            </Typography.Text>
          </List.Item>
        )}
      />
    </section>
  )
}
