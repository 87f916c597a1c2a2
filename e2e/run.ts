/**
 * `npm run test:e2e`: the built console and server, a real SMTP receiver, stand-ins for WeChat's
 * API and an SMS provider, and Playwright driving Debian's Chromium. Without Chromium it says so loudly and skips only itself.
 * With DATABASE_URL the server runs on a fresh database of that PostgreSQL server.
 * The simulator's products are imported into the catalogue, so tests can bind virtual devices.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { catalogueEntries } from '@canopy/simulator'
import { startMailbox } from '../apps/server/test/mailbox'
import { startMosquitto } from '../apps/server/test/mosquitto'
import { databaseOfItsOwn } from '../apps/server/test/own-database'
import { freePort, waitUntilAnswering } from '../apps/server/test/ports'
import { startSmsStandIn } from '../apps/server/test/sms-stand-in'
import { startWechatStandIn } from '../apps/server/test/wechat-stand-in'

const root = path.resolve(import.meta.dirname, '..')
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

if (!existsSync(chromium)) {
  const line = '!'.repeat(78)
  console.error(
    `\n${line}\n  END-TO-END TESTS SKIPPED: no Chromium at ${chromium}.\n  Install it (apt-get install -y chromium) or set CHROMIUM_PATH.\n${line}\n`,
  )
  process.exit(0)
}
if (
  !existsSync(path.join(root, 'apps/server/dist/main.js')) ||
  !existsSync(path.join(root, 'apps/web/dist/index.html'))
) {
  console.error('Build first: npm run build')
  process.exit(1)
}

const work = mkdtempSync(path.join(tmpdir(), 'canopy-e2e-'))
const mailDir = path.join(work, 'mail')
mkdirSync(mailDir)
// Tests run in other processes: they read the mail from files.
const mailbox = await startMailbox({
  onMail: (mail, index) => writeFileSync(path.join(mailDir, `${index}.json`), JSON.stringify(mail)),
})
// WeChat's API stands in locally; tests read the QR codes' scenes from files to "scan" them.
const wechatDir = path.join(work, 'wechat')
mkdirSync(wechatDir)
const wechat = await startWechatStandIn()
const qrCodes = wechat.stats.qrCodes
const keepQrCode = qrCodes.push.bind(qrCodes)
qrCodes.push = (...codes) => {
  for (const code of codes)
    writeFileSync(path.join(wechatDir, `${qrCodes.length}.json`), JSON.stringify(code))
  return keepQrCode(...codes)
}
// The SMS provider stands in locally (the server posts to it through its HTTP adapter, as to a
// real provider); tests read the guests' codes from files.
const smsDir = path.join(work, 'sms')
mkdirSync(smsDir)
const sms = await startSmsStandIn('e2e-sms-token', {
  onMessage: (message, index) => writeFileSync(path.join(smsDir, `${index}.json`), JSON.stringify(message)),
})
const database = process.env.DATABASE_URL
  ? await databaseOfItsOwn(process.env.DATABASE_URL, 'canopy_e2e')
  : undefined
// With MQTT_URL the server uses an external Mosquitto: ours, configured for dynamic security.
const mosquitto = process.env.MQTT_URL ? await startMosquitto() : undefined
const port = await freePort()
// The embedded broker gets a free port of its own (never MQTT_PORT from the environment: a
// system broker may hold 1883), so the tests' virtual devices know where to connect.
const mqttPort = await freePort()
const broker = mosquitto
  ? { MQTT_URL: mosquitto.url, MQTT_USERNAME: mosquitto.username, MQTT_PASSWORD: mosquitto.password }
  : { MQTT_URL: '', MQTT_PORT: String(mqttPort), MQTT_HOST: '127.0.0.1' }
const mqttUrl = mosquitto ? mosquitto.url : `mqtt://127.0.0.1:${mqttPort}`
const baseURL = `http://127.0.0.1:${port}`
const dataDir = path.join(work, 'data')

const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  cwd: work,
  env: {
    ...process.env,
    ...mailbox.env,
    // Required with mail: reset links point here, never at the request's Host.
    PUBLIC_URL: baseURL,
    ...wechat.env,
    ...sms.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url ?? '',
    ...broker,
    LOG_LEVEL: 'warn',
    // One browser, one IP, many accounts: the limits themselves are tested by the route tests.
    RATE_LIMIT_LOGIN_PER_MINUTE: '10000',
    RATE_LIMIT_LOGIN_ACCOUNT_ADDRESS_PER_MINUTE: '10000',
    RATE_LIMIT_REGISTER_PER_HOUR: '10000',
    RATE_LIMIT_MAIL_PER_HOUR: '10000',
    RATE_LIMIT_BIND_PER_MINUTE: '10000',
    // Charts need two samples of a device: seconds apart in a spec, not the default 5 minutes.
    TELEMETRY_SAMPLE_SECONDS: '5',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
})

let exitCode = 1
try {
  await waitUntilAnswering(`${baseURL}/api/backend/common/countrycodes`, server, {
    timeoutMs: 60_000,
    pollMs: 200,
  })
  await importSimulatedProducts()
  exitCode = await new Promise<number>((resolve) => {
    const runner = spawn(
      process.execPath,
      [
        path.join(root, 'node_modules/@playwright/test/cli.js'),
        'test',
        '-c',
        path.join(root, 'e2e/playwright.config.ts'),
        ...process.argv.slice(2),
      ],
      {
        stdio: 'inherit',
        env: {
          ...process.env,
          E2E_BASE_URL: baseURL,
          E2E_MAIL_DIR: mailDir,
          E2E_WECHAT_DIR: wechatDir,
          E2E_WECHAT_TOKEN: wechat.env.WECHAT_TOKEN,
          E2E_SMS_DIR: smsDir,
          E2E_MQTT_URL: mqttUrl,
          // the operator API (announcements), as `npm run canopy` reaches it
          E2E_OPERATOR_TOKEN: readFileSync(path.join(dataDir, 'operator-token'), 'utf8').trim(),
          CHROMIUM_PATH: chromium,
        },
      },
    )
    runner.on('exit', (code) => resolve(code ?? 1))
  })
} finally {
  server.kill('SIGTERM')
  await new Promise((resolve) => server.once('exit', resolve))
  await mailbox.close()
  await wechat.close()
  await sms.close()
  await database?.drop()
  await mosquitto?.stop()
  rmSync(work, { recursive: true, force: true })
}
process.exit(exitCode)

/** The operator's product import (what `npm run canopy -- product import-simulated` does). */
async function importSimulatedProducts() {
  const token = readFileSync(path.join(dataDir, 'operator-token'), 'utf8').trim()
  const response = await fetch(`${baseURL}/api/operator/products/import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-canopy-operator-token': token },
    body: JSON.stringify({ products: catalogueEntries() }),
  })
  const envelope = (await response.json()) as { status: number; errorCode: number[] }
  if (envelope.status !== 10000) throw new Error(`product import refused: ${envelope.errorCode.join(',')}`)
}
