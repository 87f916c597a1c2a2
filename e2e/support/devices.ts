import { type Fleet, type FleetOptions, simulatedPassword, startFleet } from '@canopy/simulator'
import { expect, type Page } from '@playwright/test'

/**
 * Virtual devices (apps/simulator) that register with the server under test and connect to its
 * broker (e2e/run.ts passes the broker's address). Stop them with `fleet.stop()`.
 */
export function startTestFleet(
  count: number,
  options: { models?: string[]; captiveTimings?: FleetOptions['captiveTimings'] } = {},
): Promise<Fleet> {
  const serverUrl = process.env.E2E_BASE_URL
  const mqttUrl = process.env.E2E_MQTT_URL
  if (!serverUrl || !mqttUrl) throw new Error('E2E_BASE_URL or E2E_MQTT_URL is not set: run npm run test:e2e')
  return startFleet({
    count,
    serverUrl,
    mqttUrl,
    telemetryIntervalSeconds: 5,
    models: options.models,
    ...(options.captiveTimings ? { captiveTimings: options.captiveTimings } : {}),
  })
}

/**
 * An access token of the session signed in on `page`. The console keeps its own in memory and the
 * refresh token in an HttpOnly cookie; this asks for one through that cookie as a tab would,
 * holding the console's refresh lock (apps/web/src/shared/api/index.ts) so it never races the
 * console's own refresh with the same single-use token.
 */
async function accessTokenOf(page: Page): Promise<string> {
  return page.evaluate(() =>
    navigator.locks.request('canopy.session.refresh', async () => {
      const response = await fetch('/api/backend/auth/token/refresh', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
      const envelope = (await response.json()) as { data: { access_token: string } }
      return envelope.data.access_token
    }),
  )
}

/** Calls the API as the user signed in on `page` (setup that is not the test's subject). */
export async function callAsUser<T>(
  page: Page,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
): Promise<T> {
  const token = await accessTokenOf(page)
  const headers = { authorization: `Bearer ${token}` }
  const response =
    method === 'GET'
      ? await page.request.get(`/api/${path}`, { headers })
      : await page.request.post(`/api/${path}`, { headers, data })
  const envelope = (await response.json()) as { status: number; data: T }
  expect(envelope.status).toBe(10000)
  return envelope.data
}

/** Adds a project under the root group, through the API. */
export async function addProjectViaApi(page: Page, name: string): Promise<void> {
  const tree = await callAsUser<{ gid: number; pid: number }[]>(page, 'GET', 'backend/workgroup/all?tree=1')
  const root = tree.find((node) => node.pid === 0)
  expect(root).toBeDefined()
  await callAsUser(page, 'POST', 'backend/workgroup/add', {
    name,
    pid: root?.gid,
    address: '',
    director: '',
    remark: '',
  })
}

/**
 * Binds a virtual device to a project (the root unless `gid` names one) through the API, with its
 * management password;
 * returns its id (for tests whose subject is not the bind dialog).
 */
export async function bindDeviceViaApi(page: Page, mac: string, gid?: number): Promise<number> {
  const tree = await callAsUser<{ gid: number; pid: number }[]>(page, 'GET', 'backend/workgroup/all?tree=1')
  const root = tree.find((node) => node.pid === 0)
  expect(root).toBeDefined()
  const project = gid ?? root?.gid
  let id = 0
  // The device vouches for its password once its status has reached the server: retry until then.
  await expect(async () => {
    const bound = await callAsUser<{ id: number }>(page, 'POST', 'backend/device/bind', {
      mac,
      username: 'admin',
      password: simulatedPassword(mac),
      gid: String(project),
    })
    id = bound.id
  }).toPass({ timeout: 15_000 })
  return id
}
