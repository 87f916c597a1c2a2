import type { TreeNode } from '@canopy/shared/project-tree'
import type { GroupNode, Project } from './api'

/** A project as antd's Tree (key) and TreeSelect (value) both read it. */
export interface ProjectTreeOption {
  key: number
  value: number
  title: string
  disabled?: boolean
  children: ProjectTreeOption[]
}

/** §3: the root group (pid 0) is shown with the root-group label, not its stored name. */
export function projectLabel(project: { pid: number; name: string }, rootLabel: string): string {
  return project.pid === 0 ? rootLabel : project.name
}

/** Every node of the forest, parents first, with its depth in the forest (1 for a top node). */
export function flattenTree(nodes: readonly GroupNode[], depth = 1): { node: GroupNode; depth: number }[] {
  return nodes.flatMap((node) => [{ node, depth }, ...flattenTree(node.child, depth + 1)])
}

export function findNode(nodes: readonly GroupNode[], gid: number): GroupNode | undefined {
  for (const node of nodes) {
    if (node.gid === gid) return node
    const inner = findNode(node.child, gid)
    if (inner) return inner
  }
  return undefined
}

/**
 * Each project's level (§5: the root group is level 1, at most 5). A child account's tree starts
 * at its granted projects, wherever they are, so the list's `level` wins over the depth in the tree.
 */
export function projectLevels(
  nodes: readonly GroupNode[],
  projects: readonly Project[] = [],
): Map<number, number> {
  const levels = new Map(flattenTree(nodes).map(({ node, depth }) => [node.gid, depth]))
  for (const project of projects) levels.set(project.gid, project.level)
  return levels
}

/**
 * The forest as the shared tree rules read it (@canopy/shared/project-tree): each node with
 * its parent. Depth, moves and subtrees are decided there, as the server decides them.
 */
export function treeNodes(nodes: readonly GroupNode[]): TreeNode[] {
  return flattenTree(nodes).map(({ node }) => ({ id: node.gid, parentId: node.pid }))
}

/** antd Tree and TreeSelect data; `disabled` greys out the projects that cannot be chosen. */
export function toTreeData(
  nodes: readonly GroupNode[],
  rootLabel: string,
  disabled?: (node: GroupNode) => boolean,
): ProjectTreeOption[] {
  return nodes.map((node) => ({
    key: node.gid,
    value: node.gid,
    title: projectLabel(node, rootLabel),
    ...(disabled?.(node) ? { disabled: true } : {}),
    children: toTreeData(node.child, rootLabel, disabled),
  }))
}

/**
 * The forest pruned to the projects whose label contains `keyword` (any case), with the path
 * to each and everything below it. A blank keyword keeps the forest as it is.
 */
export function filterTree(nodes: readonly GroupNode[], keyword: string, rootLabel: string): GroupNode[] {
  const wanted = keyword.trim().toLocaleLowerCase()
  if (!wanted) return [...nodes]
  return nodes.flatMap((node) => {
    if (projectLabel(node, rootLabel).toLocaleLowerCase().includes(wanted)) return [node]
    const child = filterTree(node.child, keyword, rootLabel)
    return child.length > 0 ? [{ ...node, child }] : []
  })
}
