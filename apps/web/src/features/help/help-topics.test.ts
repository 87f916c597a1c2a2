import { QueryClient } from '@tanstack/react-query'
import type { RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import { consoleRoutes } from '../../app/router'
import { HELP_ARTICLE_IDS, helpPathFor, isHelpArticleId, ROUTE_ARTICLES } from './help-topics'

/** Every page of the router (a route with a path and a lazily loaded page), as its full path. */
function pagePaths(routes: readonly RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const path =
      route.path === undefined
        ? parent
        : route.path.startsWith('/')
          ? route.path
          : `${parent.replace(/\/$/, '')}/${route.path}`
    const own = route.path !== undefined && route.lazy !== undefined && route.path !== '/' ? [path] : []
    return [...own, ...pagePaths(route.children ?? [], path)]
  })
}

const pages = pagePaths(consoleRoutes(new QueryClient()))

describe('every page has its help article', () => {
  it('finds the pages of the router (the walk itself works)', () => {
    expect(pages).toContain('/login')
    expect(pages).toContain('/device/alarm')
    expect(pages).toContain('/help/:article')
    expect(pages.length).toBeGreaterThan(25)
  })

  it('maps every page of the router to an existing article: a new page fails here until it has one', () => {
    const missing = pages.filter((path) => !isHelpArticleId(ROUTE_ARTICLES[path]))
    expect(missing).toEqual([])
  })

  it('maps no page the router does not have (no stale entry)', () => {
    expect(Object.keys(ROUTE_ARTICLES).filter((path) => !pages.includes(path))).toEqual([])
  })

  it('explains every section of the menu in at least one article, and every article is in the index', () => {
    const linked = new Set(Object.values(ROUTE_ARTICLES))
    // Articles no single page owns: reached from the index, and from the articles that name them.
    const topical = HELP_ARTICLE_IDS.filter((id) => !linked.has(id))
    expect(topical.sort()).toEqual(['batch-operations', 'bind-device', 'wechat'])
  })
})

describe('the help link of a page', () => {
  it('opens the page’s article', () => {
    expect(helpPathFor('/device/alarm')).toBe('/help/alarms')
    expect(helpPathFor('/maintain/upgrade')).toBe('/help/upgrade')
    expect(helpPathFor('/auth/strategy/')).toBe('/help/portal-strategy')
    expect(helpPathFor('/user_info')).toBe('/help/personal-center')
  })

  it('opens the index from the help center itself and from a path it does not know', () => {
    expect(helpPathFor('/help')).toBe('/help')
    expect(helpPathFor('/help/alarms')).toBe('/help')
    expect(helpPathFor('/nowhere')).toBe('/help')
  })
})
