import { createHash } from 'node:crypto'
import { thingNameOf } from '@canopy/shared/protocol'
import { normaliseMac } from '@canopy/shared/validation'

/**
 * openNDS FAS level 1 (fas_secure_enabled 1), as openNDS 9.10 sends it: the client arrives with
 * `?fas=<base64 of "hid=…, clientip=…, clientmac=…, gatewayname=…, gatewayaddress=…,
 * gatewaymac=…, authdir=…, originurl=…, …">` (values URL-encoded, fields joined by ", "); the FAS
 * lets it in by sending it to `http://{gatewayaddress}/{authdir}/?tok=sha256(hid + faskey)`.
 */
export interface FasClient {
  /** the gateway's hash id of this client's session (64 hex) */
  hid: string
  clientIp: string
  /** upper case, colons */
  clientMac: string
  /** the bound device this gateway is: its thing name */
  thing: string
  /** host:port of the gateway's web server, as the client reaches it */
  gatewayAddress: string
  authDir: string
  originUrl: string
}

const HID = /^[0-9a-f]{64}$/
const MAC = /^[0-9A-F]{2}(:[0-9A-F]{2}){5}$/
const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/
const GATEWAY_ADDRESS = /^[A-Za-z0-9.-]{1,253}(:\d{1,5})?$/
const GATEWAY_MAC = /^[0-9a-f]{12}$/
const THING = /^cnp-[0-9a-f]{12}$/
const AUTH_DIR = /^[A-Za-z0-9_-]{1,64}$/
/** openNDS caps its page and query at 10 KB; anything longer is not from a gateway. */
const MAX_FAS = 4096

function decode(value: string): string | undefined {
  try {
    return decodeURIComponent(value)
  } catch {
    return undefined
  }
}

/** The fields of a `fas` query string; undefined when it is not openNDS level 1's. */
export function parseFas(fas: string | undefined): FasClient | undefined {
  if (!fas || fas.length > MAX_FAS || !/^[A-Za-z0-9+/=_-]+$/.test(fas)) return undefined
  const fields = new Map<string, string>()
  for (const part of Buffer.from(fas, 'base64').toString('utf8').split(', ')) {
    const at = part.indexOf('=')
    if (at <= 0) continue
    const value = decode(part.slice(at + 1))
    if (value !== undefined) fields.set(part.slice(0, at), value)
  }
  const hid = fields.get('hid') ?? ''
  const clientIp = fields.get('clientip') ?? ''
  const clientMac = normaliseMac(fields.get('clientmac') ?? '')
  const gatewayAddress = fields.get('gatewayaddress') ?? ''
  const authDir = fields.get('authdir') || 'opennds_auth'
  const thing = gatewayThing(fields.get('gatewayname') ?? '', fields.get('gatewaymac') ?? '')
  if (!HID.test(hid) || !IPV4.test(clientIp) || !MAC.test(clientMac) || !thing) return undefined
  if (!GATEWAY_ADDRESS.test(gatewayAddress) || !AUTH_DIR.test(authDir)) return undefined
  const originUrl = (fields.get('originurl') ?? '').slice(0, 2048)
  return { hid, clientIp, clientMac, thing, gatewayAddress, authDir, originUrl }
}

/**
 * Which bound device a gateway is: its GatewayName set to the device's thing name (openNDS adds
 * " Node:<mac> " after it), else the thing name of the gateway interface's MAC.
 */
function gatewayThing(gatewayName: string, gatewayMac: string): string | undefined {
  const named = gatewayName.trim().split(/\s+/)[0] ?? ''
  if (THING.test(named)) return named
  const mac = gatewayMac.toLowerCase()
  return GATEWAY_MAC.test(mac) ? thingNameOf(mac) : undefined
}

/** The token the gateway's authaction takes at level 1: sha256 of hid and faskey, in hex. */
export function fasToken(hid: string, faskey: string): string {
  return createHash('sha256').update(`${hid}${faskey}`).digest('hex')
}

/** Where the gateway lets the client in, then sends it on to `redir`. */
export function authActionUrl(client: FasClient, faskey: string, redir: string): string {
  const query = new URLSearchParams({ tok: fasToken(client.hid, faskey), redir })
  return `http://${client.gatewayAddress}/${client.authDir}/?${query}`
}
