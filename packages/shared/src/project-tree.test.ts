import { describe, expect, it } from 'vitest'
import { canAddUnder, deleteRefusal, moveRefusal, subtreeHeight, subtreeIds } from './project-tree'

// root(1) ─ a(2) ─ a1(4) ─ a11(6)
//         └ b(3) ─ b1(5)
const nodes = [
  { id: 1, parentId: null },
  { id: 2, parentId: 1 },
  { id: 3, parentId: 1 },
  { id: 4, parentId: 2 },
  { id: 5, parentId: 3 },
  { id: 6, parentId: 4 },
]
const level: Record<number, number> = { 1: 1, 2: 2, 3: 2, 4: 3, 5: 3, 6: 4 }
const at = (id: number) => ({ id, level: level[id]! })

describe('the project tree rules', () => {
  it('finds a subtree, from one node or several', () => {
    expect([...subtreeIds(nodes, [2])].sort()).toEqual([2, 4, 6])
    expect(subtreeIds(nodes, [1]).size).toBe(6)
    expect([...subtreeIds(nodes, [5, 4])].sort()).toEqual([4, 5, 6])
  })

  it('reads a forest whose top nodes have parents outside it (a child account’s scope)', () => {
    const scoped = [
      { id: 4, parentId: 2 },
      { id: 6, parentId: 4 },
    ]
    expect([...subtreeIds(scoped, [4])].sort()).toEqual([4, 6])
    expect(subtreeHeight(scoped, 4)).toBe(2)
  })

  it('measures a subtree in levels', () => {
    expect(subtreeHeight(nodes, 6)).toBe(1)
    expect(subtreeHeight(nodes, 2)).toBe(3)
    expect(subtreeHeight(nodes, 1)).toBe(4)
    expect(subtreeHeight(nodes, 99)).toBe(0)
  })

  it('allows 5 levels at most when adding', () => {
    expect(canAddUnder(4)).toBe(true)
    expect(canAddUnder(5)).toBe(false)
  })

  it('refuses a move under the project itself or its own subtree', () => {
    expect(moveRefusal(nodes, 2, at(2))).toBe('cycle')
    expect(moveRefusal(nodes, 2, at(4))).toBe('cycle')
    expect(moveRefusal(nodes, 2, at(6))).toBe('cycle')
    expect(moveRefusal(nodes, 1, at(5))).toBe('cycle')
  })

  it('refuses a move beyond 5 levels, counting the moved subtree’s height', () => {
    // a (3 levels) under b1 (level 3) would reach level 6
    expect(moveRefusal(nodes, 2, at(5))).toBe('too-deep')
    // a (3 levels) under b (level 2) reaches exactly 5
    expect(moveRefusal(nodes, 2, at(3))).toBeUndefined()
    // b (2 levels) under a11 (level 4) would reach 6; b1 alone reaches 5
    expect(moveRefusal(nodes, 3, at(6))).toBe('too-deep')
    expect(moveRefusal(nodes, 5, at(6))).toBeUndefined()
  })

  it('guards a deletion in the order of §6: default root, sub-projects, devices, bound accounts', () => {
    const clear = { isDefault: false, hasSubProjects: false, hasDevices: false, boundToAccounts: false }
    expect(deleteRefusal(clear)).toBeUndefined()
    expect(deleteRefusal({ ...clear, boundToAccounts: true })).toBe('accounts')
    expect(deleteRefusal({ ...clear, hasDevices: true, boundToAccounts: true })).toBe('devices')
    expect(deleteRefusal({ ...clear, hasSubProjects: true, hasDevices: true })).toBe('sub-projects')
    expect(
      deleteRefusal({ isDefault: true, hasSubProjects: true, hasDevices: true, boundToAccounts: true }),
    ).toBe('default')
  })
})
