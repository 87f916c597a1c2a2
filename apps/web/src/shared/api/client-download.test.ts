import { ErrorCode } from '@canopy/shared/errors'
import type { AxiosResponse, InternalAxiosRequestConfig } from 'axios'
import { describe, expect, it, vi } from 'vitest'
import { createSessionStore } from '../storage/session'
import { ApiError } from './api-error'
import { createApiClient, filenameOf } from './client'

function clientAnswering(status: number, headers: Record<string, string>, body: string) {
  const session = createSessionStore(window.sessionStorage)
  const hooks = { toast: vi.fn(), hideLoading: vi.fn(), forcedLogout: vi.fn(), refreshFailed: vi.fn() }
  const adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => ({
    status,
    statusText: '',
    headers,
    config,
    data: new Blob([body], { type: headers['content-type'] }),
  })
  return { client: createApiClient({ baseURL: 'http://console.test/api/', session, hooks, adapter }), hooks }
}

describe('download', () => {
  it('gives the file as the server sent it, with its name', async () => {
    const { client } = clientAnswering(
      200,
      {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="upgrade-log.csv"',
      },
      'order_no,mac\n1,aa\n',
    )
    const file = await client.download('backend/log/upgrade/export', { days: 7 })
    expect(file.filename).toBe('upgrade-log.csv')
    expect(await file.blob.text()).toBe('order_no,mac\n1,aa\n')
  })

  it('reports a refusal in the envelope like any other call', async () => {
    const envelope = { status: ErrorCode.NO_PERMISSION, errorCode: [ErrorCode.NO_PERMISSION], data: null }
    const { client, hooks } = clientAnswering(
      403,
      { 'content-type': 'application/json' },
      JSON.stringify(envelope),
    )
    const error = await client.download('backend/log/upgrade/export').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).codes).toEqual([ErrorCode.NO_PERMISSION])
    expect(hooks.toast).toHaveBeenCalled()
  })
})

describe('filenameOf', () => {
  it('reads plain and encoded names', () => {
    expect(filenameOf('attachment; filename="a b.csv"')).toBe('a b.csv')
    expect(filenameOf("attachment; filename*=UTF-8''log%20x.csv")).toBe('log x.csv')
    expect(filenameOf('')).toBeUndefined()
  })
})
