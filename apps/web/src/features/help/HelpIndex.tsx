import { Card, Col, List, Row } from 'antd'
import { Link } from 'react-router'
import type { HelpLibrary } from './articles/types'
import { HELP_ARTICLE_IDS, HELP_ARTICLES, HELP_SECTIONS } from './help-topics'

/** Every article, by section: its title (a link to it) and its summary. */
export function HelpIndex({ library }: { library: HelpLibrary }) {
  return (
    <Row gutter={[24, 24]}>
      {HELP_SECTIONS.map((section) => (
        <Col key={section} xs={24} xl={12}>
          <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>{library.sections[section]}</h2>}>
            <List
              itemLayout="vertical"
              split={false}
              dataSource={HELP_ARTICLE_IDS.filter((id) => HELP_ARTICLES[id] === section)}
              renderItem={(id) => (
                <List.Item style={{ paddingBlock: 6 }}>
                  <List.Item.Meta
                    title={<Link to={`/help/${id}`}>{library.articles[id].title}</Link>}
                    description={library.articles[id].summary}
                  />
                </List.Item>
              )}
            />
          </Card>
        </Col>
      ))}
    </Row>
  )
}
