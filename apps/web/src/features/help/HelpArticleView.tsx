import { canOpenPath, findRouteTrail } from '@canopy/shared/routes'
import { Breadcrumb, Button, Flex, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { translateKey } from '../../shared/i18n/i18n'
import { useCurrentUser } from '../auth/api'
import type { HelpArticle } from './articles/types'
import { Highlighted } from './Highlighted'
import { type HelpArticleId, ROUTE_ARTICLES } from './help-topics'
import '../../shared/i18n/help-messages'
import { PageTitle } from '../../shared/ui/PageTitle'

/** Pages reached with a device's id, and the help center itself: no link leads there from an article. */
const NOT_LINKED = new Set(['/device/detail', '/help', '/help/:article'])

/** The console pages an article explains that open on their own (frame pages). */
function pagesOf(id: HelpArticleId): string[] {
  return Object.entries(ROUTE_ARTICLES)
    .filter(([path, article]) => article === id && !NOT_LINKED.has(path) && findRouteTrail(path))
    .map(([path]) => path)
}

export interface HelpArticleViewProps {
  id: HelpArticleId
  article: HelpArticle
  /** terms to mark, when the article was opened from a search */
  terms: readonly string[]
}

/** One article: its sections as headings, paragraphs and lists, with links to the pages it explains. */
export function HelpArticleView({ id, article, terms }: HelpArticleViewProps) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { data: user } = useCurrentUser()
  const pages = user ? pagesOf(id).filter((path) => canOpenPath(path, user)) : []
  return (
    <article aria-labelledby="help-article-title" style={{ maxWidth: 860 }}>
      <Breadcrumb
        items={[{ title: <Link to="/help">{t('menu.help')}</Link> }, { title: article.title }]}
        style={{ marginBottom: 12 }}
      />
      <PageTitle id="help-article-title">
        <Highlighted text={article.title} terms={terms} />
      </PageTitle>
      <Typography.Paragraph type="secondary" style={{ fontSize: 15 }}>
        <Highlighted text={article.summary} terms={terms} />
      </Typography.Paragraph>
      {terms.length > 0 && (
        <Flex align="center" gap={8} style={{ marginBottom: 16 }}>
          <Typography.Text type="secondary">
            {t('helpCenter.highlighted', { query: terms.join(' ') })}
          </Typography.Text>
          <Button size="small" onClick={() => void navigate(`/help/${id}`, { replace: true })}>
            {t('helpCenter.clearHighlight')}
          </Button>
        </Flex>
      )}
      {pages.length > 0 && (
        <Flex wrap gap={8} style={{ marginBottom: 16 }}>
          {pages.map((path) => (
            <Link key={path} to={path}>
              {t('helpCenter.openPage', {
                page: translateKey(findRouteTrail(path)?.at(-1)?.title ?? 'menu.help'),
              })}
            </Link>
          ))}
        </Flex>
      )}
      {article.sections.map((section) => (
        <section key={section.heading}>
          <Typography.Title level={2} style={{ fontSize: 18 }}>
            <Highlighted text={section.heading} terms={terms} />
          </Typography.Title>
          {section.blocks.map((block, index) =>
            typeof block === 'string' ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: an article's blocks are fixed text in a fixed order
              <Typography.Paragraph key={index}>
                <Highlighted text={block} terms={terms} />
              </Typography.Paragraph>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above
              <Typography.Paragraph key={index}>
                <ul>
                  {block.list.map((item) => (
                    <li key={item}>
                      <Highlighted text={item} terms={terms} />
                    </li>
                  ))}
                </ul>
              </Typography.Paragraph>
            ),
          )}
        </section>
      ))}
    </article>
  )
}
