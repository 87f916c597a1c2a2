import { PROJECT_MAX_DEPTH } from './validation/organisation'

/**
 * The project tree's rules (§5 "depth at most 5 levels", §6 delete guards), over any node that
 * knows its parent: the server's project rows and the console's group-tree nodes alike.
 * A level counts from 1 at the root group.
 */
export interface TreeNode {
  readonly id: number
  /** null (or an id that is not in the list) for a top node */
  readonly parentId: number | null
}

export function childrenByParent<T extends TreeNode>(nodes: readonly T[]): Map<number | null, T[]> {
  const children = new Map<number | null, T[]>()
  for (const node of nodes) {
    const siblings = children.get(node.parentId)
    if (siblings) siblings.push(node)
    else children.set(node.parentId, [node])
  }
  return children
}

/** The ids of the given nodes and everything below them. */
export function subtreeIds(nodes: readonly TreeNode[], rootIds: Iterable<number>): Set<number> {
  const children = childrenByParent(nodes)
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

/** Levels in a node's subtree: 1 for a node without children, 0 for an unknown id. */
export function subtreeHeight(nodes: readonly TreeNode[], id: number): number {
  if (!nodes.some((node) => node.id === id)) return 0
  const children = childrenByParent(nodes)
  let height = 0
  let level: number[] = [id]
  const seen = new Set<number>()
  while (level.length > 0) {
    height++
    for (const member of level) seen.add(member)
    level = level.flatMap((member) => (children.get(member) ?? []).map((child) => child.id))
    // A broken (cyclic) list must not loop for ever.
    level = level.filter((member) => !seen.has(member))
  }
  return height
}

/** Whether a node at `parentLevel` may have a child: the tree keeps at most 5 levels (§5). */
export function canAddUnder(parentLevel: number): boolean {
  return parentLevel + 1 <= PROJECT_MAX_DEPTH
}

export type MoveRefusal = 'cycle' | 'too-deep' | undefined

/**
 * Why node `id` cannot move, with its whole subtree, under `newParent`, if it cannot: under
 * itself or its own subtree is a cycle; deeper than 5 levels counting the moved subtree's own
 * height is too deep.
 */
export function moveRefusal(
  nodes: readonly TreeNode[],
  id: number,
  newParent: { readonly id: number; readonly level: number },
): MoveRefusal {
  if (subtreeIds(nodes, [id]).has(newParent.id)) return 'cycle'
  return newParent.level + subtreeHeight(nodes, id) <= PROJECT_MAX_DEPTH ? undefined : 'too-deep'
}

/** What deleting a project depends on (§6, §8). */
export interface DeleteFacts {
  /** the system-default root 'My Project' */
  readonly isDefault: boolean
  readonly hasSubProjects: boolean
  readonly hasDevices: boolean
  /** a role bound to an account manages it */
  readonly boundToAccounts: boolean
}

export type DeleteRefusal = 'default' | 'sub-projects' | 'devices' | 'accounts' | undefined

/** Why a project cannot be deleted, if it cannot; the first reason in this order wins. */
export function deleteRefusal(facts: DeleteFacts): DeleteRefusal {
  if (facts.isDefault) return 'default'
  if (facts.hasSubProjects) return 'sub-projects'
  if (facts.hasDevices) return 'devices'
  if (facts.boundToAccounts) return 'accounts'
  return undefined
}
