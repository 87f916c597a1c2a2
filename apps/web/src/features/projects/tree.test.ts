import { moveRefusal, subtreeHeight, subtreeIds } from '@canopy/shared/project-tree'
import { describe, expect, it } from 'vitest'
import type { GroupNode, Project } from './api'
import { filterTree, findNode, flattenTree, projectLevels, toTreeData, treeNodes } from './tree'

const node = (gid: number, pid: number, name: string, child: GroupNode[] = []): GroupNode => ({
  gid,
  pid,
  name,
  child,
})

// My Project (1) ─ North (2) ─ Shop A (3) ─ Floor 1 (5) ─ Room (6)
//                └ South (4)
const forest: GroupNode[] = [
  node(1, 0, 'My Project', [
    node(2, 1, 'North', [node(3, 2, 'Shop A', [node(5, 3, 'Floor 1', [node(6, 5, 'Room')])])]),
    node(4, 1, 'South'),
  ]),
]
const levels = projectLevels(forest)

function project(gid: number, level: number): Project {
  return {
    gid,
    pid: 0,
    name: '',
    address: null,
    director: null,
    remark: null,
    level,
    created_at: '',
    is_default: 0,
    child_count: 0,
  }
}

describe('the group tree helpers', () => {
  it('builds TreeSelect data, showing the root group with the root label', () => {
    const data = toTreeData(forest, 'Mi proyecto', (candidate) => candidate.gid === 4)
    expect(data[0]).toMatchObject({ key: 1, value: 1, title: 'Mi proyecto' })
    expect(data[0]?.children.map((child) => [child.title, child.disabled])).toEqual([
      ['North', undefined],
      ['South', true],
    ])
    expect(data[0]?.children[0]?.children[0]?.children[0]?.children[0]).toMatchObject({
      value: 6,
      title: 'Room',
      children: [],
    })
  })

  it('finds a node and its depth', () => {
    expect(findNode(forest, 5)?.name).toBe('Floor 1')
    expect(findNode(forest, 99)).toBeUndefined()
    expect(flattenTree(forest).map(({ node: n, depth }) => [n.gid, depth])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [5, 4],
      [6, 5],
      [4, 2],
    ])
    expect(levels.get(6)).toBe(5)
  })

  it('takes a child account’s levels from the list, where its forest starts below the root', () => {
    const childForest = [node(3, 2, 'Shop A', [node(5, 3, 'Floor 1')])]
    expect(projectLevels(childForest).get(5)).toBe(2)
    expect(projectLevels(childForest, [project(3, 3), project(5, 4)]).get(5)).toBe(4)
  })

  it('hands the forest to the shared tree rules, each node with its parent', () => {
    const nodes = treeNodes(forest)
    expect(nodes).toContainEqual({ id: 1, parentId: 0 })
    expect(nodes).toContainEqual({ id: 6, parentId: 5 })
    expect(nodes).toHaveLength(6)
    expect([...subtreeIds(nodes, [2])].sort()).toEqual([2, 3, 5, 6])
    expect(subtreeHeight(nodes, 2)).toBe(4)
    expect(subtreeHeight(nodes, 4)).toBe(1)
  })

  it('moves a project only where the shared rules keep a tree of 5 levels at most', () => {
    const nodes = treeNodes(forest)
    const under = (gid: number) => ({ id: gid, level: levels.get(gid)! })
    expect(moveRefusal(nodes, 3, under(4))).toBeUndefined() // South is level 2: Room ends at 5
    expect(moveRefusal(nodes, 3, under(3))).toBe('cycle')
    expect(moveRefusal(nodes, 3, under(6))).toBe('cycle')
    expect(moveRefusal(nodes, 2, under(4))).toBe('too-deep') // 2 + 4 levels > 5
    expect(moveRefusal(nodes, 4, under(6))).toBe('too-deep') // Room is level 5
    expect(moveRefusal(nodes, 4, under(5))).toBeUndefined()
  })

  it('filters by name, keeping the path to each match and what is below it', () => {
    const found = filterTree(forest, 'shop', 'My Project')
    expect(flattenTree(found).map(({ node: n }) => n.name)).toEqual([
      'My Project',
      'North',
      'Shop A',
      'Floor 1',
      'Room',
    ])
    expect(flattenTree(filterTree(forest, 'south', 'My Project')).map(({ node: n }) => n.gid)).toEqual([1, 4])
    expect(filterTree(forest, 'proyecto', 'Mi proyecto')).toEqual(forest)
    expect(filterTree(forest, 'nowhere', 'My Project')).toEqual([])
    expect(filterTree(forest, '  ', 'My Project')).toEqual(forest)
  })
})
