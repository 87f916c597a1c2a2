import { describe, expect, it } from 'vitest'
import { firstViolation } from './core'
import { guideAddressProblem, portalPageAddRequest } from './portal-page'

const valid = {
  display_type: 'banner',
  title: 'Lobby',
  tips: 'Welcome',
  guide_url: 'https://example.com',
  scheme: 'blue',
}

describe('the guide address (§5 URL rule, and a web address)', () => {
  it('takes http and https addresses', () => {
    for (const url of ['https://example.com', 'http://10.0.0.1:8080/welcome?a=1', 'HTTPS://EXAMPLE.COM/'])
      expect(guideAddressProblem(url), url).toBeUndefined()
  })

  it('refuses spaces, brackets, double dots and non-ASCII (§5) with the URL rule', () => {
    for (const url of ['https://a b.com', 'https://a.com/(x)', 'https://a..com', 'https://例子.com'])
      expect(guideAddressProblem(url), url).toBe('validation.url_tips')
  })

  it('refuses what a browser would run or could not open', () => {
    for (const url of [
      'javascript:alert',
      'data:text/html,x',
      'example.com',
      'ftp://example.com',
      'https://',
    ])
      expect(guideAddressProblem(url), url).toBe('validation.guide_url_tips')
  })
})

describe('a portal page', () => {
  it('takes the title rule (1-25, check_title) and the text rule (1-50)', () => {
    const problem = (field: string, value: unknown) =>
      portalPageAddRequest.safeParse({ ...valid, [field]: value }).error?.issues[0]?.message
    expect(problem('title', 'x'.repeat(25))).toBeUndefined()
    expect(problem('title', 'x'.repeat(26))).toBe('validation.title_tips')
    expect(problem('title', 'Hi there')).toBe('validation.title_tips')
    expect(problem('tips', 'x'.repeat(50))).toBeUndefined()
    expect(problem('tips', 'x'.repeat(51))).toBe('validation.text50_tips')
    expect(problem('display_type', 'popup')).toBe('validation.display_type_tips')
    expect(problem('scheme', 'pink')).toBe('validation.scheme_tips')
    expect(problem('banner_picture', 0)).toBe('validation.picture_tips')
    expect(portalPageAddRequest.parse(valid)).toMatchObject({ banner_picture: null, tips_picture: null })
  })

  it('keeps its title and tips to one rule each', () => {
    expect(firstViolation(portalPageAddRequest.shape.title, '')).toBe('validation.title_tips')
  })
})
