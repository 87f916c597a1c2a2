import { childrenByParent, type TreeNode } from '@canopy/shared/project-tree'

// The tree's rules (depth, moves, delete guards) live in @canopy/shared/project-tree, shared with
// the console; this file only shapes the tree as §3's group-tree call answers it.

/** The group-tree node of §3: gid, pid (0 for the root group), name, children. */
export interface GroupTreeNode {
  gid: number
  pid: number
  name: string
  child: GroupTreeNode[]
}

/**
 * The group tree of the visible projects: each visible project whose parent is not visible
 * becomes a top-level node (for a primary account, the root project alone).
 */
export function groupTree<T extends TreeNode & { name: string }>(
  projects: readonly T[],
  visible: ReadonlySet<number>,
): GroupTreeNode[] {
  const shown = projects.filter((project) => visible.has(project.id))
  const children = childrenByParent(shown)
  const toNode = (project: T): GroupTreeNode => ({
    gid: project.id,
    pid: project.parentId ?? 0,
    name: project.name,
    child: (children.get(project.id) ?? []).map(toNode),
  })
  return shown.filter((project) => project.parentId === null || !visible.has(project.parentId)).map(toNode)
}
