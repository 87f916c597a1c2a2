import type { JsonObject } from '@canopy/shared/protocol'
import type { VirtualDevice } from './virtual-device'

/** A request through the cloud's remote management tunnel (docs/protocol.md, http.request). */
export interface WebRequest {
  method: string
  path: string
  query?: string
  contentType?: string
  body?: string
}

export interface WebAnswer {
  status: number
  contentType: string
  body: Buffer
}

/**
 * The web UI's stylesheet: about 200 KB, as a real device's bundled UI assets are, so pages
 * through the tunnel need more than one MQTT message (the cloud reads them in chunks).
 */
const STYLESHEET = Buffer.from(
  [
    'body{font:14px system-ui,sans-serif;margin:0;color:#222}header{background:#0b5;color:#fff;padding:12px 20px}',
    'nav a{margin-right:16px;color:#fff}main{padding:20px}table{border-collapse:collapse}',
    'td,th{border:1px solid #ddd;padding:4px 10px;text-align:left}pre{background:#f5f5f5;padding:12px;max-height:480px;overflow:auto}',
    // The theme's colour utilities.
    ...Array.from(
      { length: 8000 },
      (_, i) => `.c${i}{color:#${((i * 2654435761) % 0xffffff).toString(16).padStart(6, '0')}}`,
    ),
  ].join('\n'),
)

const escapeHtml = (text: unknown) =>
  String(text).replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  )

function page(device: VirtualDevice, title: string, content: string): string {
  const model = device.options.profile.model
  // Relative links only: the page lives under the tunnel's path.
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(model)} — ${escapeHtml(title)}</title>
<link rel="stylesheet" href="assets/ui.css"></head>
<body><header><strong>${escapeHtml(model)}</strong> ${escapeHtml(device.mac)} · firmware ${escapeHtml(device.reported.firmware)}
<nav><a href="./">Status</a><a href="clients">Clients</a><a href="log">Log</a></nav></header><main><h1>${escapeHtml(title)}</h1>${content}</main></body></html>`
}

function statusPage(device: VirtualDevice): string {
  const wifi = (device.reported.wifi ?? {}) as JsonObject
  const system = (device.reported.system ?? {}) as JsonObject
  const rows = Object.entries(wifi)
    .filter(([band]) => band === '2g' || band === '5g')
    .map(([band, radio]) => {
      const r = radio as JsonObject
      return `<tr><td>${band.toUpperCase()}</td><td>${escapeHtml(r.ssid)}</td><td>${escapeHtml(r.channel)}</td><td>${r.enabled ? 'on' : 'off'}</td></tr>`
    })
    .join('')
  const clients = device.connectedClients().length
  return page(
    device,
    'Status',
    `<p>Mode: ${escapeHtml(system.mode)} · LED ${system.led === false ? 'off' : 'on'} · ${clients} clients connected</p>
<table><tr><th>Radio</th><th>SSID</th><th>Channel</th><th>State</th></tr>${rows}</table>
<form method="post" action="blink"><button>Blink the LED</button></form>`,
  )
}

/** The device's own management pages, as reached through the cloud. */
export function serveWeb(device: VirtualDevice, request: WebRequest): WebAnswer {
  const html = (body: string, status = 200) => ({
    status,
    contentType: 'text/html; charset=utf-8',
    body: Buffer.from(body),
  })
  const path = request.path.replace(/\/+$/, '') || '/'
  if (path === '/' && request.method === 'GET') return html(statusPage(device))
  if (path === '/assets/ui.css' && request.method === 'GET')
    return { status: 200, contentType: 'text/css; charset=utf-8', body: STYLESHEET }
  if (path === '/clients' && request.method === 'GET') {
    const rows = device
      .connectedClients()
      .map(
        (c) =>
          `<tr><td>${escapeHtml(c.hostname)}</td><td>${escapeHtml(c.mac)}</td><td>${escapeHtml(c.ip)}</td><td>${escapeHtml(c.ssid)}</td><td>${c.signal} dBm</td></tr>`,
      )
      .join('')
    return html(
      page(
        device,
        'Clients',
        `<table><tr><th>Name</th><th>MAC</th><th>IP</th><th>SSID</th><th>Signal</th></tr>${rows}</table>`,
      ),
    )
  }
  if (path === '/log' && request.method === 'GET') {
    return html(page(device, 'Log', `<pre>${escapeHtml(device.log.last(200).join('\n'))}</pre>`))
  }
  if (path === '/blink' && request.method === 'POST') {
    device.log.write('httpd', 'LED blink requested from the web page')
    return html(page(device, 'LED', '<p>The LED blinks for 10 seconds.</p><p><a href="./">Back</a></p>'))
  }
  return html(page(device, 'Not found', '<p>No such page.</p>'), 404)
}

/** Diagnostics run on the device (ping, traceroute, interfaces), output line by line. */
export function runDiagnostic(
  device: VirtualDevice,
  tool: string,
  host = '8.8.8.8',
  random: () => number,
): string[] {
  if (tool === 'interfaces') {
    const network = (device.reported.network ?? {}) as JsonObject
    const lan = (network.lan ?? {}) as JsonObject
    return [
      `br-lan    inet ${lan.ip} netmask ${lan.mask}`,
      `          ether ${device.mac.toLowerCase()}`,
      'eth0      inet (WAN, from DHCP)',
      'lo        inet 127.0.0.1 netmask 255.0.0.0',
    ]
  }
  if (tool === 'traceroute') {
    return [
      `traceroute to ${host}, 30 hops max`,
      ...Array.from(
        { length: 5 },
        (_, hop) => ` ${hop + 1}  10.${hop}.0.1  ${(2 + hop * 4 + random() * 3).toFixed(3)} ms`,
      ),
      ` 6  ${host}  ${(25 + random() * 10).toFixed(3)} ms`,
    ]
  }
  const times = Array.from({ length: 4 }, () => 12 + random() * 20)
  return [
    `PING ${host}: 56 data bytes`,
    ...times.map((time, seq) => `64 bytes from ${host}: seq=${seq} ttl=117 time=${time.toFixed(3)} ms`),
    `--- ${host} ping statistics ---`,
    '4 packets transmitted, 4 packets received, 0% packet loss',
  ]
}
