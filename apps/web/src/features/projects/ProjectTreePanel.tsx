import { Empty, Input, Tree } from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import '../../shared/i18n/organisation-messages'
import type { GroupNode } from './api'
import { filterTree, flattenTree, toTreeData } from './tree'

export interface ProjectTreePanelProps {
  nodes: readonly GroupNode[]
  selected: number | undefined
  onSelect: (gid: number | undefined) => void
}

/** The group tree, searchable; choosing a project narrows the table to its subtree. */
export function ProjectTreePanel({ nodes, selected, onSelect }: ProjectTreePanelProps) {
  const { t } = useTranslation()
  const rootLabel = t('projects.rootName')
  const [keyword, setKeyword] = useState('')
  // Everything starts unfolded; the user folds what they do not need.
  const [folded, setFolded] = useState<ReadonlySet<number>>(new Set())
  const shown = useMemo(() => filterTree(nodes, keyword, rootLabel), [nodes, keyword, rootLabel])
  const treeData = useMemo(() => toTreeData(shown, rootLabel), [shown, rootLabel])
  const keys = useMemo(() => flattenTree(shown).map(({ node }) => node.gid), [shown])
  // While searching, every match is shown with its path.
  const expandedKeys = keyword.trim() ? keys : keys.filter((key) => !folded.has(key))

  return (
    <>
      <Input.Search
        aria-label={t('projects.search')}
        placeholder={t('projects.search')}
        allowClear
        onChange={(event) => setKeyword(event.target.value)}
        style={{ marginBottom: 12 }}
      />
      {treeData.length > 0 ? (
        <Tree<(typeof treeData)[number]>
          aria-label={t('projects.treeTitle')}
          treeData={treeData}
          blockNode
          expandedKeys={expandedKeys}
          onExpand={(expanded) => setFolded(new Set(keys.filter((key) => !expanded.includes(key))))}
          selectedKeys={selected === undefined ? [] : [selected]}
          onSelect={(selectedKeys) => onSelect(selectedKeys[0] as number | undefined)}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('projects.noMatch')} />
      )}
    </>
  )
}
