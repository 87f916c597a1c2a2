import type { Envelope } from '@canopy/shared/errors'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { inject } from 'vitest'
import { buildApp, type CanopyApp } from '../src/app'
import { loadConfig } from '../src/config'
import { connectDatabase, type DatabaseHandle } from '../src/db/client'
import type { Mailer } from '../src/notify/mailer'
import { workerResources } from './worker-resources'

export interface TestApp extends CanopyApp {
  database: DatabaseHandle
  /** where the API is mounted (for requests that are not envelopes) */
  apiRoot: string
  /** calls the API below its root and parses the envelope */
  call<T = unknown>(options: ApiCall): Promise<ApiResponse<T>>
  /** a set-up call: its `data`, or a thrown error naming the call and its envelope */
  ok<T = unknown>(options: ApiCall): Promise<T>
  close(): Promise<void>
}

export interface ApiCall {
  method?: 'GET' | 'POST'
  path: string
  token?: string
  body?: unknown
  query?: Record<string, string>
  headers?: Record<string, string>
}

export interface ApiResponse<T> {
  httpStatus: number
  envelope: Envelope<T>
  raw: LightMyRequestResponse
}

/** The app on the run's database (see global-setup.ts), with settings overridable per test file. */
export async function createTestApp(
  options: {
    env?: Record<string, string>
    mailer?: Mailer
    /** another database than the run's (test/isolated-database.ts), for what reaches every account */
    database?: { url: string; external: boolean }
  } = {},
): Promise<TestApp> {
  const config = loadConfig(
    {
      LOG_LEVEL: 'silent',
      // Tests log in far more often than people; the limits have their own tests.
      RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
      RATE_LIMIT_LOGIN_ACCOUNT_ADDRESS_PER_MINUTE: '100000',
      RATE_LIMIT_LOGIN_ACCOUNT_PER_MINUTE: '100000',
      RATE_LIMIT_REGISTER_PER_HOUR: '100000',
      RATE_LIMIT_MAIL_PER_HOUR: '100000',
      RATE_LIMIT_BIND_PER_MINUTE: '100000',
      ...brokerEnvironment(),
      ...options.env,
    },
    [],
  )
  const url = options.database?.url ?? workerResources().databaseUrl
  const database = {
    ...connectDatabase(url, { maxConnections: 2, consoleConnections: 1 }),
    url,
    external: options.database?.external ?? inject('externalDatabase'),
  }
  const app = await buildApp({ config, database, mailer: options.mailer })
  const call = async <T>({ method = 'GET', path, token, body, query, headers }: ApiCall) => {
    const request: InjectOptions = {
      method,
      url: `${config.apiRoot}${path}`,
      query,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    }
    const raw = await app.http.inject(request)
    // A download (a CSV export, a backup's JSON) is no envelope: its body stands as the data of a success.
    const isFile =
      raw.statusCode === 200 &&
      (!String(raw.headers['content-type']).startsWith('application/json') ||
        String(raw.headers['content-disposition']).startsWith('attachment'))
    const envelope = isFile
      ? ({ status: 10000, errorCode: [], data: raw.body } as unknown as Envelope<T>)
      : (raw.json() as Envelope<T>)
    return { httpStatus: raw.statusCode, envelope, raw }
  }

  return {
    ...app,
    database,
    apiRoot: config.apiRoot,
    call,
    async ok<T>(options: ApiCall) {
      const response = await call<T>(options)
      if (response.envelope.status !== 10000) {
        throw new Error(`${options.method ?? 'GET'} ${options.path}: ${JSON.stringify(response.envelope)}`)
      }
      return response.envelope.data
    },
    async close() {
      await app.http.close()
      await database.close()
    },
  }
}

/** The run's external broker, or an embedded one on a free port. */
function brokerEnvironment(): Record<string, string> {
  const mqtt = workerResources().mqtt
  if (!mqtt) return { MQTT_PORT: '0', MQTT_HOST: '127.0.0.1' }
  return { MQTT_URL: mqtt.url, MQTT_USERNAME: mqtt.username, MQTT_PASSWORD: mqtt.password }
}
