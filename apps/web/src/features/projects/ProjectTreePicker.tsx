import { Empty, Tree, theme } from 'antd'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import '../../shared/i18n/organisation-messages'
import type { GroupNode } from './api'
import { toTreeData } from './tree'

export interface ProjectTreePickerProps {
  /** antd's Form.Item passes these */
  id?: string
  'aria-invalid'?: boolean
  value?: number
  onChange?: (value: number | undefined) => void
  tree: readonly GroupNode[]
  /** the tree's accessible name */
  label: string
  /** pixels; the bind-device dialog's tree is 210 high (§2) */
  height?: number
  empty?: string
}

/**
 * One project, ticked in the group tree shown open (§2 bind-device dialog: "only one group
 * ticked at a time"). Ticking a project unticks the other; ticking it again clears the choice.
 * Each project is ticked on its own: its sub-projects are not implied.
 */
export function ProjectTreePicker({
  id,
  value,
  onChange,
  tree,
  label,
  height = 210,
  empty,
  ...rest
}: ProjectTreePickerProps) {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const rootLabel = t('projects.rootName')
  const treeData = useMemo(() => toTreeData(tree, rootLabel), [tree, rootLabel])
  const invalid = rest['aria-invalid'] === true

  function choose(gid: number | undefined) {
    onChange?.(gid === value ? undefined : gid)
  }

  return (
    <div
      id={id}
      style={{
        height,
        overflow: 'auto',
        padding: 4,
        border: `1px solid ${invalid ? token.colorError : token.colorBorder}`,
        borderRadius: token.borderRadius,
      }}
    >
      {treeData.length > 0 ? (
        <Tree<(typeof treeData)[number]>
          aria-label={label}
          treeData={treeData}
          checkable
          checkStrictly
          defaultExpandAll
          blockNode
          checkedKeys={{ checked: value === undefined ? [] : [value], halfChecked: [] }}
          selectedKeys={value === undefined ? [] : [value]}
          onCheck={(_checked, { node }) => choose(node.key)}
          onSelect={(_selected, { node }) => choose(node.key)}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
      )}
    </div>
  )
}
