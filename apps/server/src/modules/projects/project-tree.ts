import { PROJECT_MAX_DEPTH } from '@canopy/shared/validation'

/** What the tree rules need of a project. */
export interface TreeProject {
  id: number
  parentId: number | null
  depth: number
}

/** The group-tree node of §3: gid, pid (0 for the root group), name, children. */
export interface GroupTreeNode {
  gid: number
  pid: number
  name: string
  child: GroupTreeNode[]
}

export function childrenByParent<T extends TreeProject>(projects: readonly T[]): Map<number | null, T[]> {
  const children = new Map<number | null, T[]>()
  for (const project of projects) {
    const siblings = children.get(project.parentId)
    if (siblings) siblings.push(project)
    else children.set(project.parentId, [project])
  }
  return children
}

/** The ids of the given projects and everything below them. */
export function subtreeIds(projects: readonly TreeProject[], rootIds: Iterable<number>): Set<number> {
  const children = childrenByParent(projects)
  const found = new Set<number>()
  const pending = [...rootIds]
  while (pending.length > 0) {
    const id = pending.pop()!
    if (found.has(id)) continue
    found.add(id)
    for (const child of children.get(id) ?? []) pending.push(child.id)
  }
  return found
}

/** Levels in a project's subtree: 1 for a project without sub-projects. */
export function subtreeHeight(projects: readonly TreeProject[], id: number): number {
  const byId = new Map(projects.map((project) => [project.id, project]))
  const top = byId.get(id)
  if (!top) return 0
  let deepest = top.depth
  for (const member of subtreeIds(projects, [id])) deepest = Math.max(deepest, byId.get(member)?.depth ?? 0)
  return deepest - top.depth + 1
}

/** Whether a new project under `parent` stays within the 5 levels of §5. */
export function canAddUnder(parent: TreeProject): boolean {
  return parent.depth + 1 <= PROJECT_MAX_DEPTH
}

export type MoveRefusal = 'cycle' | 'too-deep' | undefined

/** Why `id` cannot move under `newParentId` (a cycle, or deeper than 5 levels), if it cannot. */
export function moveRefusal(projects: readonly TreeProject[], id: number, newParentId: number): MoveRefusal {
  if (subtreeIds(projects, [id]).has(newParentId)) return 'cycle'
  const newParent = projects.find((project) => project.id === newParentId)
  if (!newParent) return 'cycle'
  return newParent.depth + subtreeHeight(projects, id) <= PROJECT_MAX_DEPTH ? undefined : 'too-deep'
}

/**
 * The group tree of the visible projects: each visible project whose parent is not visible
 * becomes a top-level node (for a primary account, the root project alone).
 */
export function groupTree<T extends TreeProject & { name: string }>(
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
