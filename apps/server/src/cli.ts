// `npm run canopy -- <command>`: the platform operator's tool. It calls the operator API of a
// running server, with the token the server keeps in DATA_DIR (or OPERATOR_TOKEN).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { CAPABILITY_NAMES } from '@canopy/shared/protocol'
import { catalogueEntries } from '@canopy/simulator'
import { loadConfig } from './config'
import { OPERATOR_HEADER } from './http/authorize'

const USAGE = `Usage: npm run canopy -- <command> [options]   (--server URL, default http://127.0.0.1:$PORT)
  product list
  product add --model M --name N --type ap|gateway|repeater|router4g --mac-prefix 02:AB:CD
              [--capability C ...] [--options FILE.json] [--published]
                                                       prints the product key and secret; C is one
                                                       of ${CAPABILITY_NAMES.join(', ')};
                                                       FILE.json the model's radios, channels,
                                                       VAPs and encryptions (docs/protocol.md)
  product import FILE.json                             {"products": [...]} as "product add" takes them
  product import-simulated                             the virtual fleet's products (npm run sim)
  product publish MODEL | product unpublish MODEL
  device list [--unbound]
  device provision MAC                                 an identity for a device that cannot register itself
  device revoke MAC                                    the device can no longer connect
  account developer USERNAME [--off]                   may bind unpublished products
  tenant device-limit USERNAME N|default
  firmware publish [--model M --version V] FILE        an image for every tenant; a Canopy image's
                                                       header names its model and version, a
                                                       .bin/.img/.trx file needs both options
  firmware list [--model M]                            the published images
  firmware delete ID                                   unless an upgrade order uses it
  announcement publish FILE.json                       {"title": {"en-us", "zh-cn", "es"}, "body": {…}}:
                                                       public, and a system message to every account
  announcement list
  announcement delete ID`

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    server: { type: 'string' },
    model: { type: 'string' },
    version: { type: 'string' },
    name: { type: 'string' },
    type: { type: 'string' },
    'mac-prefix': { type: 'string', multiple: true },
    capability: { type: 'string', multiple: true },
    options: { type: 'string' },
    published: { type: 'boolean' },
    unbound: { type: 'boolean' },
    off: { type: 'boolean' },
    help: { type: 'boolean' },
  },
})

const config = loadConfig(undefined, [])
const server = (values.server ?? `http://127.0.0.1:${config.port}`).replace(/\/+$/, '')

async function call(method: 'GET' | 'POST', route: string, body?: unknown) {
  const token = config.operatorToken ?? readToken()
  // A form (an image upload) travels as multipart with the boundary fetch chooses; the rest as JSON.
  const multipart = body instanceof FormData
  const response = await fetch(`${server}${config.apiRoot}${route}`, {
    method,
    headers: { ...(multipart ? {} : { 'content-type': 'application/json' }), [OPERATOR_HEADER]: token },
    body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
  })
  const envelope = (await response.json()) as { status: number; errorCode: number[]; data: unknown }
  if (envelope.status !== 10000)
    throw new Error(`refused: ${envelope.errorCode.join(', ')} (HTTP ${response.status})`)
  return envelope.data
}

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8'))
}

function readToken(): string {
  const file = path.join(config.dataDir, 'operator-token')
  try {
    return readFileSync(file, 'utf8').trim()
  } catch {
    throw new Error(`No operator token: start the server once (it writes ${file}) or set OPERATOR_TOKEN`)
  }
}

/** The publish form: the image file, and the model and version when given. */
function firmwareForm(file: string | undefined): FormData {
  if (!file) throw new Error('firmware publish: which image file?')
  const form = new FormData()
  if (values.model) form.set('model', values.model)
  if (values.version) form.set('version', values.version)
  form.set('file', new Blob([readFileSync(file)]), path.basename(file))
  return form
}

async function run(): Promise<unknown> {
  const [area, action, argument] = positionals
  switch (`${area} ${action}`) {
    case 'product list':
      return call('GET', '/operator/products')
    case 'product add':
      return call('POST', '/operator/products', {
        model: values.model,
        name: values.name ?? values.model,
        type: values.type,
        published: values.published ?? false,
        capabilities: values.capability ?? [],
        mac_prefixes: values['mac-prefix'] ?? [],
        options: values.options === undefined ? undefined : readJson(values.options),
      })
    case 'product import':
      return call('POST', '/operator/products/import', readJson(argument ?? ''))
    case 'product import-simulated':
      return call('POST', '/operator/products/import', { products: catalogueEntries() })
    case 'product publish':
    case 'product unpublish':
      return call('POST', '/operator/products/publish', { model: argument, published: action === 'publish' })
    case 'device list':
      return call('GET', `/operator/devices${values.unbound ? '?unbound=1' : ''}`)
    case 'device provision':
      return call('POST', '/operator/devices/provision', { mac: argument })
    case 'device revoke':
      return call('POST', '/operator/devices/revoke', { mac: argument })
    case 'account developer':
      return call('POST', '/operator/accounts/developer', { username: argument, developer: !values.off })
    case 'tenant device-limit': {
      const limit = positionals[3]
      return call('POST', '/operator/tenants/device-limit', {
        username: argument,
        limit: limit === 'default' ? null : Number(limit),
      })
    }
    case 'firmware publish':
      return call('POST', '/operator/firmware/publish', firmwareForm(argument))
    case 'firmware list':
      return call('POST', '/operator/firmware/list', { pageIndex: 1, pageOffset: 100, model: values.model })
    case 'firmware delete':
      return call('POST', '/operator/firmware/delete', { id: Number(argument) })
    case 'announcement publish':
      return call('POST', '/operator/announcements/publish', readJson(argument ?? ''))
    case 'announcement list':
      return call('POST', '/operator/announcements/list', { pageIndex: 1, pageOffset: 100 })
    case 'announcement delete':
      return call('POST', '/operator/announcements/delete', { id: Number(argument) })
    default:
      console.warn(USAGE)
      process.exit(values.help ? 0 : 2)
  }
}

run().then(
  (result) => {
    if (result !== null && result !== undefined) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`)
  },
  (error: Error) => {
    console.error(error.message)
    process.exit(1)
  },
)
