import { createDecipheriv, createHash } from 'node:crypto'
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
  /** sha256 of GatewayName as openNDS sent it (URL-encoded): what its authmon polls with (level 3) */
  gatewayHash: string
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
const BASE64 = /^[A-Za-z0-9+/=_-]+$/
/** level 3's iv: the first 16 hex digits of a sha256, as openNDS makes it */
const IV = /^[0-9A-Za-z]{16}$/

function decode(value: string): string | undefined {
  try {
    return decodeURIComponent(value)
  } catch {
    return undefined
  }
}

/** The fields of a `fas` query string; undefined when it is not openNDS level 1's. */
export function parseFas(fas: string | undefined): FasClient | undefined {
  if (!fas || fas.length > MAX_FAS || !BASE64.test(fas)) return undefined
  return parseFasText(Buffer.from(fas, 'base64').toString('utf8'))
}

/**
 * Level 3's `fas` and `iv`: what openNDS 9.10 makes with PHP, `base64(openssl_encrypt(text,
 * 'aes-256-cbc', faskey, 0, iv))` — base64 twice, the faskey NUL-padded (or cut) to 32 bytes, the
 * iv 16 hex characters taken as bytes. Undefined when it does not decrypt with this faskey.
 */
export function decryptFas(
  fas: string | undefined,
  iv: string | undefined,
  faskey: string,
): FasClient | undefined {
  if (!fas || fas.length > MAX_FAS || !BASE64.test(fas) || !iv || !IV.test(iv)) return undefined
  const key = Buffer.alloc(32)
  Buffer.from(faskey, 'utf8').copy(key, 0, 0, 32)
  try {
    const cipher = Buffer.from(Buffer.from(fas, 'base64').toString('latin1'), 'base64')
    const decipher = createDecipheriv('aes-256-cbc', key, Buffer.from(iv, 'latin1'))
    return parseFasText(Buffer.concat([decipher.update(cipher), decipher.final()]).toString('utf8'))
  } catch {
    // a wrong key fails the padding check, or leaves text that is not openNDS's fields
    return undefined
  }
}

/** openNDS's `name=value, name=value` fields, values URL-encoded, checked. */
function parseFasText(text: string): FasClient | undefined {
  const fields = new Map<string, string>()
  const raw = new Map<string, string>()
  for (const part of text.split(', ')) {
    const at = part.indexOf('=')
    if (at <= 0) continue
    const value = decode(part.slice(at + 1))
    if (value === undefined) continue
    fields.set(part.slice(0, at), value)
    raw.set(part.slice(0, at), part.slice(at + 1))
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
  const gatewayHash = createHash('sha256')
    .update(raw.get('gatewayname') ?? '')
    .digest('hex')
  return { hid, clientIp, clientMac, thing, gatewayAddress, authDir, originUrl, gatewayHash }
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

/**
 * sha256 of hid and faskey, in hex: the token the gateway's authaction takes at level 1, and the
 * rhid `ndsctl auth` takes from authmon at level 3.
 */
export function fasToken(hid: string, faskey: string): string {
  return createHash('sha256').update(`${hid}${faskey}`).digest('hex')
}

/** Where the gateway lets the client in, then sends it on to `redir`. */
export function authActionUrl(client: FasClient, faskey: string, redir: string): string {
  const query = new URLSearchParams({ tok: fasToken(client.hid, faskey), redir })
  return `http://${client.gatewayAddress}/${client.authDir}/?${query}`
}
