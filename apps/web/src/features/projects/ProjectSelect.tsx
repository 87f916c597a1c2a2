import { TreeSelect } from 'antd'
import { type CSSProperties, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import '../../shared/i18n/organisation-messages'
import type { GroupNode } from './api'
import { flattenTree, projectLabel, toTreeData } from './tree'

interface CommonProps {
  /** antd's Form.Item passes id (for the label) and aria-invalid */
  id?: string
  'aria-invalid'?: boolean
  tree: readonly GroupNode[]
  /** projects that cannot be chosen (shown greyed out) */
  isDisabled?: (node: GroupNode) => boolean
  placeholder?: string
  loading?: boolean
  allowClear?: boolean
  style?: CSSProperties
  'aria-label'?: string
}

/** One project from the group tree (the parent of a project, the project of a device). */
export function ProjectSelect({
  value,
  onChange,
  tree,
  isDisabled,
  ...rest
}: CommonProps & { value?: number; onChange?: (value: number | undefined) => void }) {
  const { t } = useTranslation()
  const rootLabel = t('projects.rootName')
  const treeData = useMemo(() => toTreeData(tree, rootLabel, isDisabled), [tree, rootLabel, isDisabled])
  return (
    <TreeSelect
      {...rest}
      value={value}
      onChange={(next: number | undefined) => onChange?.(next)}
      treeData={treeData}
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      listHeight={320}
    />
  )
}

/**
 * Several projects, each ticked on its own: ticking a project does not tick its sub-projects,
 * because whoever manages a project manages its sub-projects anyway (§6).
 */
export function ProjectMultiSelect({
  value,
  onChange,
  tree,
  isDisabled,
  ...rest
}: CommonProps & { value?: number[]; onChange?: (value: number[]) => void }) {
  const { t } = useTranslation()
  const rootLabel = t('projects.rootName')
  const treeData = useMemo(() => toTreeData(tree, rootLabel, isDisabled), [tree, rootLabel, isDisabled])
  const labels = useMemo(
    () => new Map(flattenTree(tree).map(({ node }) => [node.gid, projectLabel(node, rootLabel)])),
    [tree, rootLabel],
  )
  // With treeCheckStrictly, antd speaks in { value, label } pairs.
  const labelled = (value ?? []).map((gid) => ({ value: gid, label: labels.get(gid) ?? String(gid) }))
  return (
    <TreeSelect
      {...rest}
      value={labelled}
      onChange={(next: { value: number }[]) => onChange?.(next.map((item) => item.value))}
      treeData={treeData}
      treeCheckable
      treeCheckStrictly
      treeDefaultExpandAll
      allowClear
      showSearch={{ treeNodeFilterProp: 'title' }}
      listHeight={320}
    />
  )
}
