import { execFile } from 'node:child_process'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { ErrorCode } from '@canopy/shared/errors'
import { LANGUAGE_COOKIE } from '@canopy/shared/i18n/languages'
import type { AnnouncementView, MessageView } from '@canopy/shared/validation'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventually } from '../../../test/devices'
import { signedInAccount } from '../../../test/factories'
import { isolatedDatabase } from '../../../test/isolated-database'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { OPERATOR_HEADER } from '../../http/authorize'

// Announcements reach every account: on the run's database they would land in other files' accounts.
let database: Awaited<ReturnType<typeof isolatedDatabase>>
let app: TestApp
let reader: Awaited<ReturnType<typeof signedInAccount>>

const announcement = {
  title: { 'en-us': 'Maintenance tonight', 'zh-cn': '今晚维护', es: 'Mantenimiento esta noche' },
  body: {
    'en-us': 'The console is down from 01:00 to 02:00 UTC.',
    'zh-cn': '控制台将于UTC 01:00至02:00停机。',
    es: 'La consola no estará disponible de 01:00 a 02:00 UTC.',
  },
}

const run = promisify(execFile)
const CLI = path.join(import.meta.dirname, '../../cli.ts')

const operator = () => ({ [OPERATOR_HEADER]: app.operatorToken })

beforeAll(async () => {
  database = await isolatedDatabase()
  app = await createTestApp({ database })
  reader = await signedInAccount(app)
})

afterAll(async () => {
  await app?.close()
  await database?.drop()
})

describe('announcements', () => {
  it('are published by the operator in three languages and read by anyone without login', async () => {
    const published = await app.ok<AnnouncementView>({
      method: 'POST',
      path: '/operator/announcements/publish',
      headers: operator(),
      body: announcement,
    })
    const list = await app.ok<{ total: number; list: AnnouncementView[] }>({
      method: 'POST',
      path: '/backend/announcement/list',
      body: { pageIndex: 1, pageOffset: 10 },
    })
    expect(list.list[0]).toMatchObject({ id: published.id, title: announcement.title })
    const info = await app.ok<AnnouncementView>({
      path: '/backend/announcement/info',
      query: { id: String(published.id) },
    })
    expect(info).toMatchObject({ title: announcement.title, body: announcement.body })
  })

  it('reach every account as a system message, titled in the reader’s language', async () => {
    const { id } = await app.ok<AnnouncementView>({
      method: 'POST',
      path: '/operator/announcements/publish',
      headers: operator(),
      body: { ...announcement, title: { ...announcement.title, es: 'Segundo anuncio' } },
    })
    const mine = await eventually(
      () =>
        app.ok<{ list: MessageView[] }>({
          method: 'POST',
          path: '/backend/msg/list',
          token: reader.token,
          headers: { cookie: `${LANGUAGE_COOKIE}=es` },
          body: { pageIndex: 1, pageOffset: 10, kind: 'announcement' },
        }),
      (page) => page.list.some((message) => message.link === `/announcement?id=${id}`),
    )
    expect(mine.list.find((message) => message.link === `/announcement?id=${id}`)).toMatchObject({
      kind: 'announcement',
      titleKey: 'messageTitles.announcement',
      params: { title: 'Segundo anuncio' },
      read: false,
    })
  })

  it('refuse a publication missing a language, writing nothing', async () => {
    const before = await app.ok<{ total: number }>({
      method: 'POST',
      path: '/backend/announcement/list',
      body: { pageIndex: 1, pageOffset: 1 },
    })
    const { es: _missing, ...twoLanguages } = announcement.title
    const refused = await app.call({
      method: 'POST',
      path: '/operator/announcements/publish',
      headers: operator(),
      body: { ...announcement, title: twoLanguages },
    })
    expect(refused.envelope.errorCode[0]).toBe(ErrorCode.INVALID_PARAMETER)
    const after = await app.ok<{ total: number }>({
      method: 'POST',
      path: '/backend/announcement/list',
      body: { pageIndex: 1, pageOffset: 1 },
    })
    expect(after.total).toBe(before.total)
  })

  it('§8 "Failed to publish system message" when its posting cannot be queued, leaving nothing behind', async () => {
    // A second instance on the database whose job queue has stopped (as while it shuts down).
    const stopping = await createTestApp({ database })
    try {
      await stopping.scheduler.stop()
      const list = () =>
        app.ok<{ total: number; list: AnnouncementView[] }>({
          method: 'POST',
          path: '/backend/announcement/list',
          body: { pageIndex: 1, pageOffset: 100 },
        })
      const before = await list()
      const refused = await stopping.call({
        method: 'POST',
        path: '/operator/announcements/publish',
        headers: { [OPERATOR_HEADER]: stopping.operatorToken },
        body: { ...announcement, title: { ...announcement.title, 'en-us': 'Never told' } },
      })
      expect(refused.httpStatus).toBe(503)
      expect(refused.envelope.errorCode).toEqual([ErrorCode.PUBLISH_FAILED])
      const after = await list()
      expect(after.total).toBe(before.total)
      expect(after.list.map((row) => row.title['en-us'])).not.toContain('Never told')
    } finally {
      await stopping.close()
    }
  })

  it('cannot be published by a signed-in account', async () => {
    const refused = await app.call({
      method: 'POST',
      path: '/operator/announcements/publish',
      token: reader.token,
      body: announcement,
    })
    expect(refused.envelope.errorCode).toEqual([ErrorCode.NO_PERMISSION])
  })

  it('are withdrawn by the operator, with their messages', async () => {
    const { id } = await app.ok<AnnouncementView>({
      method: 'POST',
      path: '/operator/announcements/publish',
      headers: operator(),
      body: announcement,
    })
    await app.ok({
      method: 'POST',
      path: '/operator/announcements/delete',
      headers: operator(),
      body: { id },
    })
    const gone = await app.call({ path: '/backend/announcement/info', query: { id: String(id) } })
    expect(gone.envelope.errorCode).toEqual([ErrorCode.DATA_NOT_FOUND])
  })

  it('are published and listed with the operator CLI', { timeout: 60_000 }, async () => {
    const server = await app.http.listen({ port: 0, host: '127.0.0.1' })
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'announcement-')), 'notice.json')
    await writeFile(
      file,
      JSON.stringify({ ...announcement, title: { ...announcement.title, 'en-us': 'From the CLI' } }),
    )
    const canopy = (...args: string[]) =>
      run(process.execPath, ['--import', 'tsx', CLI, ...args, '--server', server], {
        env: { PATH: process.env.PATH, OPERATOR_TOKEN: app.operatorToken },
      })
    const published = JSON.parse((await canopy('announcement', 'publish', file)).stdout) as AnnouncementView
    expect(published.title['en-us']).toBe('From the CLI')
    const listed = JSON.parse((await canopy('announcement', 'list')).stdout) as { list: AnnouncementView[] }
    expect(listed.list[0]!.id).toBe(published.id)
  })
})
