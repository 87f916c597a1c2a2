import { subtreeIds } from '@canopy/shared/project-tree'
import { describe, expect, it } from 'vitest'
import { groupTree } from './project-tree'

// The tree's rules are tested with them in packages/shared (project-tree.test.ts).

// root(1) ─ a(2) ─ a1(4) ─ a11(6)
//         └ b(3) ─ b1(5)
const projects = [
  { id: 1, parentId: null, name: 'My Project' },
  { id: 2, parentId: 1, name: 'a' },
  { id: 3, parentId: 1, name: 'b' },
  { id: 4, parentId: 2, name: 'a1' },
  { id: 5, parentId: 3, name: 'b1' },
  { id: 6, parentId: 4, name: 'a11' },
]

describe('the group tree', () => {
  it('builds the group tree of §3 with pid 0 for the root group', () => {
    const tree = groupTree(projects, new Set([1, 2, 3, 4, 5, 6]))
    expect(tree).toHaveLength(1)
    expect(tree[0]).toMatchObject({ gid: 1, pid: 0, name: 'My Project' })
    expect(tree[0]!.child.map((node) => node.gid)).toEqual([2, 3])
    expect(tree[0]!.child[0]!.child[0]!.child[0]).toEqual({ gid: 6, pid: 4, name: 'a11', child: [] })
  })

  it('shows a scoped caller its projects as a forest', () => {
    const tree = groupTree(projects, subtreeIds(projects, [4, 5]))
    expect(tree.map((node) => [node.gid, node.pid])).toEqual([
      [4, 2],
      [5, 3],
    ])
    expect(tree[0]!.child.map((node) => node.gid)).toEqual([6])
  })
})
