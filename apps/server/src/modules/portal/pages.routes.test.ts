import { ErrorCode } from '@canopy/shared/errors'
import { MENU_SECTIONS } from '@canopy/shared/permissions'
import type { PortalPage } from '@canopy/shared/validation'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { login, signedInAccount, uniqueName } from '../../../test/factories'
import { createTestApp, type TestApp } from '../../../test/test-app'

let app: TestApp
let owner: string
let other: string
/** tenant A's child whose role grants every section, /auth included */
let child: string

const page = (overrides: Record<string, unknown> = {}) => ({
  display_type: 'banner',
  title: 'Lobby',
  tips: 'Free WiFi for our guests',
  guide_url: 'https://example.com/welcome',
  scheme: 'green',
  ...overrides,
})
const post = (token: string, path: string, body?: unknown) =>
  app.call<unknown>({ method: 'POST', path: `/backend/portal/page/${path}`, token, body })
const ok = <T>(token: string, path: string, body?: unknown) =>
  app.ok<T>({ method: 'POST', path: `/backend/portal/page/${path}`, token, body })
const statusOf = async (token: string, path: string, body?: unknown) =>
  (await post(token, path, body)).envelope.status

/** The console's upload as a browser sends it: one multipart file. */
async function upload(token: string, content: Buffer, name = 'banner.png') {
  const boundary = `----canopy${uniqueName('b')}`
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: image/png\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const response = await app.http.inject({
    method: 'POST',
    url: '/api/backend/portal/picture/upload',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  })
  return response.json() as { status: number; data: { id: number; width: number; height: number } }
}

async function picture(token: string, id: number) {
  return app.http.inject({
    method: 'GET',
    url: '/api/backend/portal/picture',
    query: { id: String(id) },
    headers: { authorization: `Bearer ${token}` },
  })
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2a6f3c' } })

beforeAll(async () => {
  app = await createTestApp()
  owner = (await signedInAccount(app)).token
  other = (await signedInAccount(app)).token
  const as = <T>(path: string, body: unknown) => app.ok<T>({ method: 'POST', path, token: owner, body })
  const { id: roleId } = await as<{ id: number }>('/backend/role/add', {
    name: uniqueName('r').slice(0, 10),
    menus: [...MENU_SECTIONS],
    device_functions: ['view'],
    project_ids: [],
  })
  const account = { username: uniqueName('c'), password: 'child123' }
  await as('/backend/user/child/add', {
    ...account,
    confirm_password: account.password,
    level: 2,
    role_ids: [roleId],
  })
  child = (await login(app, account)).access_token
})
afterAll(async () => {
  await app.close()
})

describe('portal pictures', () => {
  it('keeps a picture re-encoded: metadata gone, at most 1080 wide, JPEG for an opaque photo', async () => {
    const uploaded = await photo(2000, 1000)
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-comment' } } })
      .jpeg()
      .toBuffer()
    expect(uploaded.includes('secret-comment')).toBe(true)
    const answer = await upload(owner, uploaded, 'banner.jpg')
    expect(answer.status).toBe(10000)
    expect(answer.data).toMatchObject({ width: 1080, height: 540 })
    const stored = await picture(owner, answer.data.id)
    expect(stored.headers['content-type']).toBe('image/jpeg')
    expect(stored.rawPayload.includes('secret-comment')).toBe(false)
    const metadata = await sharp(stored.rawPayload).metadata()
    expect(metadata).toMatchObject({ format: 'jpeg', width: 1080, height: 540 })
    expect(metadata.exif).toBeUndefined()
  })

  it('keeps transparency as PNG and a small picture at its size', async () => {
    const transparent = await sharp({
      create: { width: 64, height: 32, channels: 4, background: '#ff000080' },
    })
      .png()
      .toBuffer()
    const answer = await upload(owner, transparent)
    expect(answer.data).toMatchObject({ width: 64, height: 32 })
    expect((await picture(owner, answer.data.id)).headers['content-type']).toBe('image/png')
  })

  it('refuses what is no picture, too large or too many pixels with "upload format error or too large"', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>')
    const cut = (await photo(300, 300).png().toBuffer()).subarray(0, 200)
    const gif = Buffer.from('R0lGODlhAQABAAAAACw=', 'base64')
    const tooLarge = Buffer.alloc(2 * 1024 * 1024 + 1, 1)
    // small on disk, 25 million pixels decoded: a decompression bomb
    const bomb = await photo(5000, 5000).png({ compressionLevel: 9 }).toBuffer()
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024)
    for (const [what, file] of Object.entries({ html, cut, gif, tooLarge, bomb })) {
      expect((await upload(owner, file)).status, what).toBe(ErrorCode.UPLOAD_FORMAT)
    }
  })

  it('are the tenant primary account’s: a child cannot upload, another tenant cannot read one or use it', async () => {
    const file = await photo(10, 10).png().toBuffer()
    expect((await upload(child, file)).status).toBe(ErrorCode.NO_PERMISSION)
    const { id } = (await upload(owner, file)).data
    expect((await picture(other, id)).json().status).toBe(ErrorCode.NO_PERMISSION)
    expect((await picture(child, id)).json().status).toBe(ErrorCode.NO_PERMISSION)
    expect(await statusOf(other, 'add', page({ banner_picture: id }))).toBe(ErrorCode.NO_PERMISSION)
  })
})

describe('portal pages (/auth/portal)', () => {
  it('adds, reads, changes and deletes a page with its pictures', async () => {
    const banner = (await upload(owner, await photo(800, 300).jpeg().toBuffer())).data.id
    const { id } = await ok<{ id: number }>(owner, 'add', page({ banner_picture: banner }))
    const info = await app.ok<PortalPage>({
      path: '/backend/portal/page/info',
      token: owner,
      query: { id: String(id) },
    })
    expect(info).toMatchObject({ ...page(), banner_picture: banner, tips_picture: null })
    const saved = await ok<PortalPage>(owner, 'save', {
      id,
      ...page({ display_type: 'text', title: '大堂', tips: '欢迎', scheme: 'dark' }),
    })
    expect(saved).toMatchObject({ display_type: 'text', title: '大堂', banner_picture: null, scheme: 'dark' })
    const list = await ok<{ total: number; list: PortalPage[] }>(owner, 'list', {
      pageIndex: 1,
      pageOffset: 100,
    })
    expect(list.list.map((row) => row.id)).toContain(id)
    await ok(owner, 'delete', { id })
    expect(await statusOf(owner, 'delete', { id })).toBe(ErrorCode.PORTAL_NOT_FOUND)
  })

  it('gives §8’s own codes: invalid title or prompt, guide address error', async () => {
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ title: '' }, ErrorCode.TITLE_OR_PROMPT_INVALID],
      [{ title: 'a'.repeat(26) }, ErrorCode.TITLE_OR_PROMPT_INVALID],
      [{ title: 'Free WiFi!' }, ErrorCode.TITLE_OR_PROMPT_INVALID],
      [{ tips: '' }, ErrorCode.TITLE_OR_PROMPT_INVALID],
      [{ tips: 'x'.repeat(51) }, ErrorCode.TITLE_OR_PROMPT_INVALID],
      [{ guide_url: '' }, ErrorCode.GUIDE_ADDRESS_ERROR],
      [{ guide_url: 'javascript:alert(1)' }, ErrorCode.GUIDE_ADDRESS_ERROR],
      [{ guide_url: 'https://exa mple.com' }, ErrorCode.GUIDE_ADDRESS_ERROR],
      [{ guide_url: 'https://example..com' }, ErrorCode.GUIDE_ADDRESS_ERROR],
      [{ guide_url: 'https://例子.com' }, ErrorCode.GUIDE_ADDRESS_ERROR],
      [{ display_type: 'popup' }, ErrorCode.INVALID_PARAMETER],
      [{ scheme: 'pink' }, ErrorCode.INVALID_PARAMETER],
    ]
    const before = (await ok<{ total: number }>(owner, 'list', { pageIndex: 1, pageOffset: 10 })).total
    for (const [overrides, code] of cases) {
      expect(await statusOf(owner, 'add', page(overrides)), JSON.stringify(overrides)).toBe(code)
    }
    expect((await ok<{ total: number }>(owner, 'list', { pageIndex: 1, pageOffset: 10 })).total).toBe(before)
    expect(await statusOf(owner, 'save', { id: 2_000_000_000, ...page() })).toBe(ErrorCode.PORTAL_NOT_FOUND)
  })

  it('is primary-only and kept to its tenant', async () => {
    const { id } = await ok<{ id: number }>(owner, 'add', page())
    for (const token of [child, other]) {
      expect(await statusOf(token, 'save', { id, ...page() })).toBe(ErrorCode.NO_PERMISSION)
      expect(await statusOf(token, 'delete', { id })).toBe(ErrorCode.NO_PERMISSION)
      const info = await app.call({ path: '/backend/portal/page/info', token, query: { id: String(id) } })
      expect(info.envelope.status).toBe(ErrorCode.NO_PERMISSION)
    }
    expect(await statusOf(child, 'list', { pageIndex: 1, pageOffset: 10 })).toBe(ErrorCode.NO_PERMISSION)
    expect(await statusOf(child, 'add', page())).toBe(ErrorCode.NO_PERMISSION)
    const theirs = await ok<{ list: PortalPage[] }>(other, 'list', { pageIndex: 1, pageOffset: 100 })
    expect(theirs.list.map((row) => row.id)).not.toContain(id)
  })
})
