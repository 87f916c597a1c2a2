import { describe, expect, it } from 'vitest'
import { canAddUnder, groupTree, moveRefusal, subtreeHeight, subtreeIds } from './project-tree'

// root(1) ─ a(2) ─ a1(4) ─ a11(6)
//         └ b(3) ─ b1(5)
const projects = [
  { id: 1, parentId: null, depth: 1, name: 'My Project' },
  { id: 2, parentId: 1, depth: 2, name: 'a' },
  { id: 3, parentId: 1, depth: 2, name: 'b' },
  { id: 4, parentId: 2, depth: 3, name: 'a1' },
  { id: 5, parentId: 3, depth: 3, name: 'b1' },
  { id: 6, parentId: 4, depth: 4, name: 'a11' },
]

describe('the project tree rules', () => {
  it('finds a subtree', () => {
    expect([...subtreeIds(projects, [2])].sort()).toEqual([2, 4, 6])
    expect(subtreeIds(projects, [1]).size).toBe(6)
    expect([...subtreeIds(projects, [5, 4])].sort()).toEqual([4, 5, 6])
  })

  it('measures a subtree in levels', () => {
    expect(subtreeHeight(projects, 6)).toBe(1)
    expect(subtreeHeight(projects, 2)).toBe(3)
    expect(subtreeHeight(projects, 1)).toBe(4)
  })

  it('allows at most 5 levels when adding', () => {
    expect(canAddUnder({ id: 9, parentId: 6, depth: 4 })).toBe(true)
    expect(canAddUnder({ id: 9, parentId: 8, depth: 5 })).toBe(false)
  })

  it('refuses a move that would make a cycle', () => {
    expect(moveRefusal(projects, 2, 2)).toBe('cycle')
    expect(moveRefusal(projects, 2, 6)).toBe('cycle')
    expect(moveRefusal(projects, 2, 4)).toBe('cycle')
  })

  it('refuses a move that would go beyond 5 levels, counting the moved subtree', () => {
    // a (3 levels) under b1 (depth 3) would reach depth 6
    expect(moveRefusal(projects, 2, 5)).toBe('too-deep')
    // a (3 levels) under b (depth 2) reaches exactly 5
    expect(moveRefusal(projects, 2, 3)).toBeUndefined()
    expect(moveRefusal(projects, 5, 6)).toBeUndefined()
  })

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
