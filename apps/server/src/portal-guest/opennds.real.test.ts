import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { type AddressInfo, connect } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createServer as createTlsServer, type Server as TlsServer } from 'node:tls'
import { promisify } from 'node:util'
import type { Fleet, VirtualDevice } from '@canopy/simulator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operatorCall } from '../../test/devices'
import { GUIDE, guestDetails, guestPortalOnOneDevice, MEMBER } from '../../test/guest-portal-setup'
import { startSmsStandIn } from '../../test/sms-stand-in'
import { createTestApp, type TestApp } from '../../test/test-app'

/**
 * A real openNDS (Debian's `opennds` 9.10) authenticating guests against Canopy by FAS level 1,
 * then by level 3 (its authmon daemon polling Canopy over HTTPS, as a gateway behind NAT does).
 * The test builds its own network in namespaces:
 *
 *   host (this process: Canopy on 10.231.0.1 — and behind a TLS proxy there, a certificate of
 *         the test's own for level 3 — the "internet" on 10.231.0.80:80)
 *     └ veth ─ gateway namespace: openNDS on bridge br0 (10.232.0.1), NAT out to the host
 *                 └ bridge br0 ─ one namespace per guest (10.232.0.11-14), curl as the browser
 *
 * openNDS runs in a mount namespace of its own: /etc is an overlay (openNDS edits
 * /etc/dnsmasq.conf and /etc/hosts, and must not on this machine), /tmp and /run are private, and
 * `iptables` is the legacy one there (openNDS 9.10's chains clash with bookworm's iptables-nft);
 * at level 3 the overlay's CA bundle also trusts the test's certificate (openNDS's PHP checks it).
 * Nothing of it touches the host's interfaces but the one veth the test adds and removes.
 */
const run = promisify(execFile)
const FASKEY = 'canopyRealKey42'
const suffix = (process.pid % 10000).toString()
const GW = `cnpgw${suffix}`
const HOST_VETH = `cnph${suffix}`
const HOST_IP = '10.231.0.1'
const INTERNET = '10.231.0.80'
const GATEWAY_IP = '10.232.0.1'
const guests = {
  member: { ns: `cnpm${suffix}`, ip: '10.232.0.11', mac: '02:cb:00:00:00:11' },
  click: { ns: `cnpc${suffix}`, ip: '10.232.0.12', mac: '02:cb:00:00:00:12' },
  blocked: { ns: `cnpb${suffix}`, ip: '10.232.0.13', mac: '02:cb:00:00:00:13' },
  trusted: { ns: `cnpt${suffix}`, ip: '10.232.0.14', mac: '02:cb:00:00:00:14' },
  sms: { ns: `cnps${suffix}`, ip: '10.232.0.15', mac: '02:cb:00:00:00:15' },
  natted: { ns: `cnpn${suffix}`, ip: '10.232.0.16', mac: '02:cb:00:00:00:16' },
}
type Guest = (typeof guests)[keyof typeof guests]

/** Why this machine cannot run the test, or undefined when it can. */
function cannot(): string | undefined {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return 'not running as root on Linux'
  for (const binary of [
    '/usr/bin/opennds',
    '/usr/bin/ndsctl',
    '/usr/sbin/xtables-legacy-multi',
    '/usr/sbin/nft',
    '/usr/bin/php',
  ])
    if (!existsSync(binary)) return `${binary} is missing (apt-get install opennds iptables nftables php-cli)`
  for (const tool of ['curl', 'unshare', 'nsenter', 'openssl'])
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) return `${tool} is missing`
  const probe = `cnpprobe${suffix}`
  if (spawnSync('ip', ['netns', 'add', probe]).status !== 0)
    return 'cannot create network namespaces (ip netns add)'
  spawnSync('ip', ['netns', 'del', probe])
  return undefined
}
const reason = cannot()
if (reason) console.warn(`SKIPPED opennds.real.test.ts: the real openNDS test cannot run here — ${reason}`)

const sh = async (command: string) => {
  try {
    return (await run('sh', ['-c', command], { timeout: 15_000 })).stdout
  } catch (error) {
    const failure = error as { stderr?: string; message: string }
    throw new Error(`${command}\n${failure.stderr ?? failure.message}`)
  }
}
/** curl in a guest's namespace: status line, headers and body. */
async function curl(guest: Guest, args: string[]) {
  const { stdout } = await run(
    'ip',
    [
      'netns',
      'exec',
      guest.ns,
      'curl',
      '-s',
      '-m',
      '8',
      '-i',
      '--cacert',
      path.join(workdir!, 'cert.pem'),
      ...args,
    ],
    { timeout: 15_000 },
  )
  const [head = '', ...rest] = stdout.split('\r\n\r\n')
  const status = Number(head.split(' ')[1])
  const location = /^location: (.*)$/im.exec(head)?.[1]?.trim()
  return { status, location, body: rest.join('\r\n\r\n') }
}
let opennds: ChildProcess | undefined
let ndsLog = ''
/** Whether ndsctl reaches openNDS (its control socket is there): a probe, false until it does. */
async function ndsctlAnswers(): Promise<boolean> {
  const status = spawnSync('nsenter', ['-t', String(opennds!.pid), '-m', '-n', 'ndsctl', 'status'], {
    timeout: 5000,
  })
  return status.status === 0
}

/** openNDS's own view of a client (`ndsctl json <mac>`), inside its namespaces. */
async function ndsState(mac: string): Promise<string | undefined> {
  const { stdout } = await run('nsenter', ['-t', String(opennds!.pid), '-m', '-n', 'ndsctl', 'json', mac], {
    timeout: 10_000,
  })
  const json = JSON.parse(stdout) as { state?: string; clients?: Record<string, { state: string }> }
  return json.state ?? json.clients?.[mac]?.state
}

let app: TestApp
let fleet: Fleet | undefined
let device: VirtualDevice
let owner: string
let internet: Server | undefined
/** Canopy over HTTPS, as level 3 requires: a TLS proxy in front of the app, as production has */
let tlsProxy: TlsServer | undefined
let workdir: string | undefined
let standIn: Awaited<ReturnType<typeof startSmsStandIn>>
const previousEnv = { ...process.env }

async function buildNetwork(): Promise<void> {
  await sh(`ip netns add ${GW}`)
  await sh(`ip link add ${HOST_VETH} type veth peer name up0 netns ${GW}`)
  await sh(`ip addr add ${HOST_IP}/24 dev ${HOST_VETH} && ip addr add ${INTERNET}/24 dev ${HOST_VETH}`)
  await sh(`ip link set ${HOST_VETH} up`)
  const inGw = (command: string) => sh(`ip netns exec ${GW} sh -c '${command}'`)
  await inGw(
    `ip link set lo up && ip addr add 10.231.0.2/24 dev up0 && ip link set up0 up && ip route add default via ${HOST_IP}`,
  )
  // The gateway interface carries the bound device's MAC: openNDS reports it as gatewaymac.
  await inGw(
    `ip link add br0 type bridge && ip link set br0 address ${device.mac.toLowerCase()} && ip addr add ${GATEWAY_IP}/24 dev br0 && ip link set br0 up`,
  )
  await inGw('sysctl -qw net.ipv4.ip_forward=1')
  await inGw(
    'nft add table ip cnpnat && nft "add chain ip cnpnat post { type nat hook postrouting priority 100 ; }" && nft add rule ip cnpnat post oifname up0 masquerade',
  )
  for (const [n, guest] of Object.values(guests).entries()) {
    await sh(`ip netns add ${guest.ns}`)
    await sh(`ip link add eth0 netns ${guest.ns} address ${guest.mac} type veth peer name g${n} netns ${GW}`)
    await inGw(`ip link set g${n} master br0 && ip link set g${n} up`)
    await sh(
      `ip netns exec ${guest.ns} sh -c 'ip link set lo up && ip addr add ${guest.ip}/24 dev eth0 && ip link set eth0 up && ip route add default via ${GATEWAY_IP}'`,
    )
  }
}

/** The test's own certificate for Canopy's address, which the level-3 gateway and guests trust. */
async function makeCertificate(): Promise<void> {
  await sh(
    `openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=canopy-test -addext subjectAltName=IP:${HOST_IP} -keyout ${workdir}/key.pem -out ${workdir}/cert.pem 2>/dev/null`,
  )
}

/** Canopy's HTTPS: TLS on `HOST_IP`, each connection piped to the app's HTTP port. */
async function startTlsProxy(appPort: number): Promise<number> {
  tlsProxy = createTlsServer(
    {
      key: readFileSync(path.join(workdir!, 'key.pem')),
      cert: readFileSync(path.join(workdir!, 'cert.pem')),
    },
    (secure) => {
      const plain = connect(appPort, HOST_IP)
      secure.pipe(plain).pipe(secure)
      // A guest's curl that gives up closes its side: the other side goes with it.
      plain.on('error', () => secure.destroy())
      secure.on('error', () => plain.destroy())
    },
  )
  await new Promise<void>((resolve) => tlsProxy!.listen(0, HOST_IP, resolve))
  return (tlsProxy.address() as AddressInfo).port
}

/**
 * openNDS in the gateway namespace: level 1 (`fas` and the authaction) on Canopy's HTTP port, or
 * level 3 (encrypted `fas`, authmon polling every 10 s: 9.10's config file takes no
 * nat_traversal_poll_interval, OpenWrt's uci does) on its HTTPS port.
 */
async function startOpenNds(fasPort: number, level: 1 | 3): Promise<void> {
  // A clean (legacy) firewall in the gateway namespace: openNDS 9.10 stopped by SIGTERM leaves
  // its chains behind, and a new one refuses to start on them ("Chain already exists").
  await sh(
    `ip netns exec ${GW} sh -c 'for t in filter nat mangle; do xtables-legacy-multi iptables -t $t -F && xtables-legacy-multi iptables -t $t -X; done'`,
  )
  writeFileSync(
    path.join(workdir!, 'opennds.conf'),
    [
      'GatewayName Lobby',
      'GatewayInterface br0',
      'gatewayport 2050',
      `fasremoteip ${HOST_IP}`,
      `fasport ${fasPort}`,
      'faspath /portal/opennds/',
      `fas_secure_enabled ${level}`,
      `faskey ${FASKEY}`,
      'login_option_enabled 0',
      'debuglevel 1',
      'FirewallRuleSet authenticated-users {',
      '}',
      'FirewallRuleSet preauthenticated-users {',
      '}',
      'FirewallRuleSet users-to-router {',
      '    FirewallRule allow udp port 53',
      '    FirewallRule allow tcp port 53',
      '    FirewallRule allow udp port 67',
      '}',
      '',
    ].join('\n'),
  )
  // openNDS lets in only addresses its DHCP server gave: the guests' static ones, as leases.
  const leases = Object.values(guests)
    .map((guest) => `9999999999 ${guest.mac} ${guest.ip} guest *`)
    .join('\\n')
  const inside = [
    'mount -t tmpfs tmpfs /run',
    'mkdir -p /run/etc-upper /run/etc-work /run/tmpfiles.d',
    'mount -t overlay overlay -o lowerdir=/etc,upperdir=/run/etc-upper,workdir=/run/etc-work /etc',
    `cp ${workdir}/opennds.conf /etc/opennds/opennds.conf`,
    `cat ${workdir}/cert.pem >> /etc/ssl/certs/ca-certificates.crt`,
    'mount --bind /usr/sbin/xtables-legacy-multi /usr/sbin/xtables-nft-multi',
    'mount -t tmpfs tmpfs /tmp',
    `printf '${leases}\\n' > /tmp/dhcp.leases`,
    'exec /usr/bin/opennds -f',
  ].join(' && ')
  opennds = spawn(
    'ip',
    ['netns', 'exec', GW, 'unshare', '-m', '--propagation', 'private', 'sh', '-c', inside],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  const keep = (chunk: Buffer) => {
    ndsLog = (ndsLog + chunk.toString()).slice(-20_000)
  }
  opennds.stdout!.on('data', keep)
  opennds.stderr!.on('data', keep)
  ndsLog = ''
  // Level 3 is up once authmon, started 5 s after openNDS, has cleared what waited for the
  // gateway (its first poll): a guest queued before that would be cleared as stale.
  const clearsBefore = await authmonCleared()
  // Up once it holds a guest's browsing (307 to the FAS) and ndsctl reaches it: its web server
  // answers before its firewall sends a guest's port 80 to it and before its control socket is
  // there (a clean clone's CI met both).
  const deadline = Date.now() + (level === 3 ? 40_000 : 20_000)
  /** why the last probe did not get through, for the error if openNDS never comes up */
  let lastProbe = 'no probe yet'
  for (;;) {
    const probe = await curl(guests.click, [`http://${INTERNET}/`]).then(
      (answer) => {
        lastProbe = `HTTP ${answer.status}`
        return answer
      },
      (error: Error) => {
        lastProbe = error.message
        return undefined
      },
    )
    if (
      probe?.status === 307 &&
      (await ndsctlAnswers()) &&
      (level === 1 || (await authmonCleared()) > clearsBefore)
    )
      return
    if (opennds.exitCode !== null || Date.now() > deadline)
      throw new Error(
        `openNDS did not start (exit ${opennds.exitCode}; last probe: ${lastProbe}):\n${ndsLog}`,
      )
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
}

/**
 * openNDS stopped as a service stops it (SIGTERM: it removes its firewall and its authmon), and
 * whatever it left running in the gateway namespace ended by its pid.
 */
async function stopOpenNds(): Promise<void> {
  const running = opennds
  if (running && running.exitCode === null && running.signalCode === null) {
    const exited = new Promise((resolve) => running.once('exit', resolve))
    running.kill('SIGTERM')
    const timer = setTimeout(() => running.kill('SIGKILL'), 10_000)
    await exited
    clearTimeout(timer)
  }
  const left = spawnSync('ip', ['netns', 'pids', GW], { encoding: 'utf8' }).stdout ?? ''
  for (const pid of left.split('\n').filter((line) => /^\d+$/.test(line.trim())))
    spawnSync('kill', ['-KILL', pid.trim()])
}

/** How many `clear` polls authmon sent Canopy (operator metrics). */
async function authmonCleared(): Promise<number> {
  const metrics = await operatorCall<{ guests: { openNds: { polls: { clear: number } } } }>(
    app,
    'GET',
    '/operator/metrics',
  )
  return metrics.envelope.data.guests.openNds.polls.clear
}

/** Every namespace and the host's veth, gone; each failure to remove one is reported. */
async function tearDown(): Promise<void> {
  const problems: string[] = []
  await stopOpenNds()
  await new Promise((resolve) => (tlsProxy ? tlsProxy.close(resolve) : resolve(undefined)))
  const namespaces = (await sh('ip netns list')).split('\n').map((line) => line.split(' ')[0])
  for (const ns of [GW, ...Object.values(guests).map((guest) => guest.ns)])
    if (namespaces.includes(ns))
      await sh(`ip netns del ${ns}`).catch((error: Error) => problems.push(error.message))
  if ((await sh(`ip -o link show ${HOST_VETH} 2>/dev/null || true`)).trim())
    // Deleting the gateway namespace takes its peer, and the host's end with it, a moment later.
    await sh(`ip link del ${HOST_VETH} 2>/dev/null || ! ip link show ${HOST_VETH} >/dev/null 2>&1`).catch(
      (error: Error) => problems.push(error.message),
    )
  if (workdir) rmSync(workdir, { recursive: true, force: true })
  if (problems.length > 0) throw new Error(`openNDS test clean-up failed:\n${problems.join('\n')}`)
}

describe.skipIf(reason !== undefined)('a real openNDS gateway against Canopy', () => {
  beforeAll(async () => {
    standIn = await startSmsStandIn()
    // The app's SMS provider and faskey are the environment's: this file's worker alone.
    Object.assign(process.env, standIn.env, { OPENNDS_FASKEY: FASKEY })
    app = await createTestApp()
    ;({ fleet, device, owner } = await guestPortalOnOneDevice(app, {
      blocked: guests.blocked.mac.toUpperCase(),
      trusted: guests.trusted.mac.toUpperCase(),
      sms: true,
    }))
    try {
      workdir = mkdtempSync(path.join(tmpdir(), 'canopy-opennds-'))
      await makeCertificate()
      await buildNetwork()
      await app.http.listen({ port: 0, host: HOST_IP })
      internet = createServer((_request, response) => response.end('hello from the internet'))
      await new Promise<void>((resolve) => internet!.listen(80, INTERNET, resolve))
      await startOpenNds((app.http.server.address() as AddressInfo).port, 1)
    } catch (error) {
      await tearDown()
      throw error
    }
  }, 60_000)

  afterAll(async () => {
    for (const name of ['OPENNDS_FASKEY', ...Object.keys(standIn?.env ?? {})])
      if (previousEnv[name] === undefined) delete process.env[name]
      else process.env[name] = previousEnv[name]
    try {
      await tearDown()
    } finally {
      await new Promise((resolve) => (internet ? internet.close(resolve) : resolve(undefined)))
      await fleet?.stop()
      await app?.close()
      await standIn?.close()
    }
  }, 40_000)

  /** The guest browses; openNDS sends it to Canopy's page; returns the page and its fas. */
  async function captivePage(guest: Guest) {
    const held = await curl(guest, [`http://${INTERNET}/`])
    expect(held.status).toBe(307)
    expect(held.location).toMatch(
      new RegExp(`^http://${HOST_IP.replaceAll('.', '\\.')}:\\d+/portal/opennds/\\?fas=`),
    )
    return curl(guest, [held.location!])
  }
  /** Posts a form of the page from the guest's namespace, then follows Canopy to openNDS's authaction. */
  async function logIn(guest: Guest, page: string, fields: string[]) {
    const fas = /name="fas" value="([^"]+)"/.exec(page)![1]!
    const pageUrl = `http://${HOST_IP}:${(app.http.server.address() as AddressInfo).port}/portal/opennds/`
    const answer = await curl(guest, [
      '--data-urlencode',
      `fas=${fas}`,
      ...fields.flatMap((f) => ['-d', f]),
      pageUrl,
    ])
    expect(answer.status).toBe(302)
    expect(answer.location).toMatch(
      new RegExp(`^http://${GATEWAY_IP}:2050/opennds_auth/\\?tok=[0-9a-f]{64}&`),
    )
    const through = await curl(guest, [answer.location!])
    expect(through.status).toBe(307)
    expect(through.location).toBe(GUIDE)
  }
  const browses = async (guest: Guest) => (await curl(guest, [`http://${INTERNET}/`])).body

  it('a member logs in on the page and is Authenticated by openNDS; the session shows in the details', async () => {
    const guest = guests.member
    expect(await ndsState(guest.mac)).not.toBe('Authenticated')
    const page = await captivePage(guest)
    expect(page.status).toBe(200)
    expect(page.body).toContain('Lobby')
    await logIn(guest, page.body, [
      'method=member',
      `account=${MEMBER.account}`,
      `password=${MEMBER.password}`,
    ])
    expect(await ndsState(guest.mac)).toBe('Authenticated')
    expect(await browses(guest)).toBe('hello from the internet')
    const list = await guestDetails(app, owner, guest.mac.toUpperCase())
    expect(list[0]).toMatchObject({
      method: 'member',
      status: 'active',
      client_ip: guest.ip,
      device_mac: device.mac,
    })
  }, 30_000)

  it('a kick-off reaches Canopy only: openNDS keeps the guest until its session ends, then the page is back', async () => {
    const guest = guests.member
    const [session] = await guestDetails(app, owner, guest.mac.toUpperCase())
    await app.ok({
      method: 'POST',
      path: '/backend/portal/detail/kick',
      token: owner,
      body: { id: session!.id },
    })
    // FAS level 1 has no way to tell openNDS: the guest still browses
    expect(await ndsState(guest.mac)).toBe('Authenticated')
    // its openNDS session ends (ndsctl deauth stands for sessiontimeout): not remembered, the page again
    await run('nsenter', ['-t', String(opennds!.pid), '-m', '-n', 'ndsctl', 'deauth', guest.mac], {
      timeout: 10_000,
    })
    const page = await captivePage(guest)
    expect(page.status).toBe(200)
    expect(page.body).toContain('name="password"')
  }, 30_000)

  it('click-through: accepting the terms gets the guest Authenticated', async () => {
    const guest = guests.click
    const page = await captivePage(guest)
    await logIn(guest, page.body, ['method=click', 'agree=1'])
    expect(await ndsState(guest.mac)).toBe('Authenticated')
    expect(await browses(guest)).toBe('hello from the internet')
  }, 30_000)

  it('by SMS code: the code the provider got lets the guest in, and openNDS Authenticates it', async () => {
    const guest = guests.sms
    const phone = '13800001515'
    const page = await captivePage(guest)
    expect(page.body).toContain('name="phone"')
    const fas = /name="fas" value="([^"]+)"/.exec(page.body)![1]!
    const pageUrl = `http://${HOST_IP}:${(app.http.server.address() as AddressInfo).port}/portal/opennds/`
    const sent = await curl(guest, [
      '--data-urlencode',
      `fas=${fas}`,
      ...['method=sms', 'step=send', `phone=${phone}`].flatMap((f) => ['-d', f]),
      pageUrl,
    ])
    expect(sent.status).toBe(200)
    expect(sent.body).toContain('name="code"')
    const code = standIn.received.filter((sms) => sms.to === phone).at(-1)?.code
    expect(code).toMatch(/^\d{6}$/)
    await logIn(guest, sent.body, ['method=sms', 'step=verify', `phone=${phone}`, `code=${code}`])
    expect(await ndsState(guest.mac)).toBe('Authenticated')
    expect(await browses(guest)).toBe('hello from the internet')
    const list = await guestDetails(app, owner, guest.mac.toUpperCase())
    expect(list[0]).toMatchObject({ method: 'sms', status: 'active', account: '138****1515' })
  }, 30_000)

  it('a black-listed MAC is refused; a white-listed one passes without the page', async () => {
    const refused = await captivePage(guests.blocked)
    expect(refused.status).toBe(403)
    expect(await ndsState(guests.blocked.mac)).not.toBe('Authenticated')
    expect(await browses(guests.blocked)).not.toBe('hello from the internet')

    const held = await curl(guests.trusted, [`http://${INTERNET}/`])
    const straight = await curl(guests.trusted, [held.location!])
    expect(straight.status).toBe(302)
    expect(straight.location).toMatch(new RegExp(`^http://${GATEWAY_IP}:2050/opennds_auth/\\?tok=`))
    expect((await curl(guests.trusted, [straight.location!])).status).toBe(307)
    expect(await ndsState(guests.trusted.mac)).toBe('Authenticated')
    expect(await browses(guests.trusted)).toBe('hello from the internet')
  }, 30_000)

  describe('level 3: a gateway behind NAT, its authmon polling Canopy over HTTPS', () => {
    let httpsPort: number
    beforeAll(async () => {
      await stopOpenNds()
      httpsPort = await startTlsProxy((app.http.server.address() as AddressInfo).port)
      await startOpenNds(httpsPort, 3)
    }, 60_000)

    /**
     * Waits (bounded) for openNDS to hold the client Authenticated: authmon polls every 10 s.
     * Returns the last state, or why the last `ndsctl` failed (authmon's own `ndsctl auth` may
     * hold openNDS's control socket at that moment: ndsctl then answers that it is locked).
     */
    async function authenticatedWithin(mac: string, ms: number): Promise<string | undefined> {
      const deadline = Date.now() + ms
      const state = () =>
        ndsState(mac).catch(
          (error: Error) => `ndsctl failed: ${error.message.split('\n').slice(0, 3).join(' ')}`,
        )
      let last = await state()
      while (last !== 'Authenticated' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250))
        last = await state()
      }
      return last
    }

    it('a member logs in; authmon fetches the queued guest, openNDS Authenticates it, the waiting page moves on', async () => {
      const guest = guests.natted
      const held = await curl(guest, [`http://${INTERNET}/`])
      expect(held.status).toBe(307)
      expect(held.location).toMatch(
        new RegExp(
          `^https://${HOST_IP.replaceAll('.', '\\.')}:${httpsPort}/portal/opennds/\\?fas=[^&]+&iv=[0-9a-f]{16}`,
        ),
      )
      const page = await curl(guest, [held.location!])
      expect(page.status).toBe(200)
      expect(page.body).toContain('Lobby')
      const fas = /name="fas" value="([^"]+)"/.exec(page.body)![1]!
      const iv = /name="iv" value="([^"]+)"/.exec(page.body)![1]!
      const login = await curl(guest, [
        '--data-urlencode',
        `fas=${fas}`,
        '--data-urlencode',
        `iv=${iv}`,
        ...['method=member', `account=${MEMBER.account}`, `password=${MEMBER.password}`].flatMap((f) => [
          '-d',
          f,
        ]),
        `https://${HOST_IP}:${httpsPort}/portal/opennds/`,
      ])
      // Canopy cannot reach the gateway: the guest waits while authmon fetches it.
      expect(login.status).toBe(200)
      const refresh = /http-equiv="refresh" content="2;url=([^"]+)"/.exec(login.body)?.[1]
      expect(refresh).toBeDefined()
      const state = await authenticatedWithin(guest.mac, 45_000)
      if (state !== 'Authenticated') throw new Error(`openNDS holds the guest ${state}; its log:\n${ndsLog}`)
      expect(await browses(guest)).toBe('hello from the internet')
      const onward = await curl(guest, [
        `https://${HOST_IP}:${httpsPort}${refresh!.replaceAll('&#38;', '&')}`,
      ])
      expect(onward.status).toBe(302)
      expect(onward.location).toBe(GUIDE)
      const list = await guestDetails(app, owner, guest.mac.toUpperCase())
      expect(list[0]).toMatchObject({ method: 'member', status: 'active', client_ip: guest.ip })
    }, 90_000)

    it('when Canopy is unreachable: the guest let in still browses, a new one stays out', async () => {
      await new Promise((resolve) => tlsProxy!.close(resolve))
      tlsProxy = undefined
      expect(await browses(guests.natted)).toBe('hello from the internet')
      const held = await curl(guests.click, [`http://${INTERNET}/`])
      expect(held.status).toBe(307)
      // the FAS does not answer: no page, no way in (docs/protocol.md, "When the cloud is unreachable")
      await expect(curl(guests.click, [held.location!])).rejects.toThrow(/curl/)
      expect(await browses(guests.click)).not.toBe('hello from the internet')
    }, 30_000)
  })
})
