import { FALLBACK_LANGUAGE } from '@canopy/shared/i18n/languages'
import fastifyCookie from '@fastify/cookie'
import Fastify, { type FastifyInstance, LogController } from 'fastify'
import type { Config } from './config'
import { ChangeFeed } from './db/change-feed'
import type { DatabaseHandle } from './db/client'
import { sharedSecret } from './db/secrets'
import { type Gateway, startGateway } from './gateway/gateway'
import { consoleSettingsScript, registerConsole } from './http/console'
import { registerErrorHandler, registerNotFound } from './http/error-handler'
import { loggerOptions } from './http/logger'
import { RateLimits } from './http/rate-limit'
import { registerRoutes } from './http/register-routes'
import type { RouteDefinition } from './http/route'
import { registerSecurityHeaders } from './http/security-headers'
import { within } from './lib/bounded'
import { childAccountsRoutes } from './modules/accounts/child-accounts.routes'
import { ChildAccountsService } from './modules/accounts/child-accounts.service'
import { ChildDirectory } from './modules/accounts/child-directory'
import { createAlarms } from './modules/alarms/alarms.module'
import { authRoutes } from './modules/auth/auth.routes'
import { AuthService } from './modules/auth/auth.service'
import { LoginThrottle } from './modules/auth/login-throttle'
import { PrincipalCache } from './modules/auth/principal'
import { TokenService } from './modules/auth/tokens'
import { createBackups } from './modules/backups/backups.module'
import { countriesRoutes } from './modules/countries/countries.routes'
import { deviceControlRoutes } from './modules/devices/device-control.routes'
import { DeviceControlService } from './modules/devices/device-control.service'
import { DeviceDirectory } from './modules/devices/device-directory'
import { devicesRoutes } from './modules/devices/devices.routes'
import { DevicesService } from './modules/devices/devices.service'
import { DeviceHousekeeping } from './modules/devices/housekeeping'
import { OverviewService } from './modules/devices/overview.service'
import { productsRepository } from './modules/devices/products.repository'
import { RegistrationService } from './modules/devices/registration.service'
import { createFirmware, listeningOrigin } from './modules/firmware/firmware.module'
import { firmwareRoutes } from './modules/firmware/firmware.routes'
import type { FirmwareService } from './modules/firmware/firmware.service'
import { healthRoutes } from './modules/health/health.routes'
import { createMessages } from './modules/messages/messages.module'
import type { MessagesService } from './modules/messages/messages.service'
import { OperationLog } from './modules/operations/operation-log'
import { operationLogRoutes } from './modules/operations/operation-log.routes'
import { OperationLogReader } from './modules/operations/operation-log-reader'
import { OperationProgress } from './modules/operations/operation-progress'
import { operatorRoutes } from './modules/operator/operator.routes'
import { OperatorService } from './modules/operator/operator.service'
import { createDevicePortal } from './modules/portal/device-portal.module'
import { createPortal } from './modules/portal/portal.routes'
import { ProjectDirectory } from './modules/projects/project-directory'
import { projectsRoutes } from './modules/projects/projects.routes'
import { ProjectsService } from './modules/projects/projects.service'
import { registerRemoteTunnel, remoteRoutes } from './modules/remote/remote.routes'
import { RemoteService } from './modules/remote/remote.service'
import { rolesRoutes } from './modules/roles/roles.routes'
import { RolesService } from './modules/roles/roles.service'
import { settingsRoutes } from './modules/settings/settings.routes'
import { SettingsService } from './modules/settings/settings.service'
import { createTemplates } from './modules/templates/templates.module'
import { trafficRoutes } from './modules/traffic/traffic.routes'
import { TrafficService } from './modules/traffic/traffic.service'
import { UpgradeEngine } from './modules/upgrades/upgrade-engine'
import { UpgradeLogReader } from './modules/upgrades/upgrade-log'
import { upgradesRoutes } from './modules/upgrades/upgrades.routes'
import { UpgradesService } from './modules/upgrades/upgrades.service'
import { PasswordResetService } from './modules/users/password-reset.service'
import { usersRoutes } from './modules/users/users.routes'
import { UsersService } from './modules/users/users.service'
import { WechatClient } from './modules/wechat/wechat.client'
import { registerWechatCallback, wechatRoutes } from './modules/wechat/wechat.routes'
import { WechatService } from './modules/wechat/wechat.service'
import { createMailer, type Mailer } from './notify/mailer'
import { registerGuestSurface } from './portal-guest/guest.routes'
import { OpenNdsCounters } from './portal-guest/opennds-counters'
import { openNdsFaskey, registerOpenNdsFas } from './portal-guest/opennds-fas'
import { PgBossScheduler } from './scheduler/pg-boss-scheduler'
import type { Scheduler } from './scheduler/scheduler'

export interface CanopyApp {
  http: FastifyInstance
  /** every API route with its access rule: the permission matrix tests walk this list */
  routes: readonly RouteDefinition[]
  gateway: Gateway
  /** durable jobs: timed work, rollout waves, retries (pg-boss on the app's database) */
  scheduler: Scheduler
  /** the token of the operator API (the CLI reads it from DATA_DIR) */
  operatorToken: string
  /** firmware packages: what upgrade orders offer and the signed links devices download with */
  firmware: FirmwareService
  /** system messages: `messages.post()` files one for the accounts concerned (docs/ARCHITECTURE.md) */
  messages: MessagesService
  services: {
    users: UsersService
    devices: DevicesService
    registration: RegistrationService
    housekeeping: DeviceHousekeeping
  }
}

/**
 * Composes the server from its parts without listening for HTTP, so tests build it and call it
 * with `app.inject`. `database.external` means a PostgreSQL server shared with other instances.
 */
export async function buildApp(options: {
  config: Config
  /** `exclusive`: no other process reaches the database (the embedded one; tests share theirs) */
  database: DatabaseHandle & { url: string; external: boolean; exclusive?: boolean }
  mailer?: Mailer
}): Promise<CanopyApp> {
  const { config, database } = options
  const { db } = database

  const http = Fastify({
    logger: loggerOptions(config.logLevel),
    // Per-request log lines cost throughput; errors are still logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A remote management link carries its signed token in the path (remote.routes.ts).
    routerOptions: { maxParamLength: 1024 },
  })

  const changes = new ChangeFeed(database.external ? database.pool : undefined)
  const principals = new PrincipalCache()
  changes.onChange((event) => {
    if (event.kind === 'account') principals.forgetAccount(event.id)
    if (event.kind === 'session') principals.forgetSession(event.id)
  })
  await changes.start(database.url)
  // Durable jobs in the database's `pgboss` schema, claimed with SKIP LOCKED (docs/operations.md).
  const scheduler = await PgBossScheduler.start({
    url: database.url,
    // Alone on its database, a claim found at start is a dead process's: run again at once.
    reclaimOnStart: database.exclusive === true,
    reportError: (error, what) => http.log.error({ err: error }, what),
  })

  const secret = config.secret ?? (await sharedSecret(db, 'token-signing-key'))
  const tokens = new TokenService(secret, config.accessTokenTtlSeconds, config.resetLinkTtlSeconds)
  const auth = new AuthService({
    db,
    tokens,
    principals,
    changes,
    refreshTtlSeconds: config.refreshTokenTtlSeconds,
    throttle: new LoginThrottle(config.loginThrottle),
  })
  const users = new UsersService({ db, changes })
  const wechatClient = config.wechat ? new WechatClient(config.wechat, db) : undefined
  const messages = createMessages({
    db,
    changes,
    http,
    scheduler,
    accounts: users,
    mailer: options.mailer ?? createMailer(config.mail),
    push: config.push,
    wechat: wechatClient && config.wechat && { client: wechatClient, templates: config.wechat.templates },
    language: config.defaultLanguage ?? FALLBACK_LANGUAGE,
    publicUrl: config.publicUrl,
    reportError: (error, what) => http.log.error({ err: error }, what),
  })
  const resets = new PasswordResetService({
    db,
    tokens,
    mailer: options.mailer ?? createMailer(config.mail),
    changes,
    linkTtlSeconds: config.resetLinkTtlSeconds,
    publicUrl: config.publicUrl,
  })
  const projectDirectory = new ProjectDirectory(db, changes)
  const projects = new ProjectsService({ db, directory: projectDirectory, changes })
  const roles = new RolesService({ db, changes })
  const children = new ChildAccountsService({
    db,
    changes,
    directory: new ChildDirectory(db, changes),
    tiedToAlarms: (tenantId, uids) => alarms.service.tiedAccounts(tenantId, uids),
  })
  const wechat = new WechatService({
    db,
    changes,
    client: wechatClient,
    callbackToken: config.wechat?.token,
  })

  const deviceDirectory = new DeviceDirectory(db, changes)
  const gateway = await startGateway({
    config: config.mqtt,
    limits: config.deviceLimits,
    db,
    changes,
    directory: deviceDirectory,
    sampleSeconds: config.devices.telemetrySampleSeconds,
    log: http.log,
    sharedDatabaseUrl: database.external ? database.url : undefined,
  })
  const devices = new DevicesService({
    db,
    projects: projectDirectory,
    changes,
    users,
    defaultLimit: config.devices.defaultLimit,
    events: gateway.events,
  })
  const overview = new OverviewService({
    db,
    devices,
    sampleSeconds: config.devices.telemetrySampleSeconds,
  })
  const traffic = new TrafficService({ db, devices, sampleSeconds: config.devices.telemetrySampleSeconds })
  const operationLog = new OperationLog(db)
  const report = (what: string) => (error: unknown) => http.log.error({ err: error }, what)
  const settings = new SettingsService({
    db,
    shadows: gateway.shadows,
    devices,
    log: operationLog,
    reportError: (error, what) => report(what)(error),
    events: gateway.events,
  })
  // Changes a previous process committed but may not have announced go out again (docs/decisions.md).
  void settings.resume().catch(report('settings resume'))
  const control = new DeviceControlService({ db, devices, rpc: () => gateway.rpc, log: operationLog })
  const remote = new RemoteService({ devices, tokens, rpc: () => gateway.rpc, log: operationLog })
  const registration = new RegistrationService({
    db,
    accounts: () => gateway.accounts,
    changes,
    brokerUrl: () => config.mqtt.publicUrl ?? gateway.brokerUrl,
  })
  const housekeeping = new DeviceHousekeeping({
    db,
    sampleSeconds: config.devices.telemetrySampleSeconds,
    retentionDays: config.devices.telemetryRetentionDays,
    onError: (error, task) => report(`housekeeping (${task})`)(error),
  })
  housekeeping.start()
  const operatorToken = config.operatorToken ?? (await sharedSecret(db, 'operator-token'))
  const firmware = await createFirmware({
    db,
    config,
    http,
    knownModel: async (model) => (await productsRepository(db).findByModel(model)) !== undefined,
    projects: projectDirectory,
  })
  const upgradeEngine = new UpgradeEngine({
    db,
    jobs: gateway.jobs,
    devices,
    firmware: firmware.service,
    scheduler,
    events: gateway.events,
    messages: messages.service,
    maxInFlight: config.upgradeMaxInFlight,
    reportError: (error, what) => report(what)(error),
  })
  const upgrades = new UpgradesService({
    db,
    devices,
    firmware: firmware.service,
    jobs: gateway.jobs,
    engine: upgradeEngine,
  })
  firmware.usesPackages((ids) => upgrades.packagesInUse(ids))
  const templates = await createTemplates({
    db,
    shadows: gateway.shadows,
    events: gateway.events,
    scheduler,
    devices,
    projects: projectDirectory,
    settings,
  })
  const backups = await createBackups({
    db,
    http,
    apiRoot: config.apiRoot,
    deviceBaseUrl: () => `${config.publicUrl ?? listeningOrigin(http, config.port)}${config.apiRoot}`,
    jobs: gateway.jobs,
    shadows: gateway.shadows,
    events: gateway.events,
    scheduler,
    devices,
    directory: deviceDirectory,
    users,
    projects: projectDirectory,
    settings,
    reportError: (error, what) => report(what)(error),
  })
  const alarms = createAlarms({
    db,
    changes,
    events: gateway.events,
    scheduler,
    devices,
    users,
    projects: projectDirectory,
    messages: messages.service,
    reportError: (error, what) => report(what)(error),
  })

  const portal = createPortal({ db })
  const devicePortal = createDevicePortal({
    db,
    devices,
    settings,
    shadows: gateway.shadows,
    // Gateways reach the guest surface where devices reach firmware: the public address, else the listener.
    guestBaseUrl: () => `${config.publicUrl ?? listeningOrigin(http, config.port)}/portal`,
    guestMethods: {
      clickThroughTerms: (tenantId, language) => portal.methods.clickThroughTerms(tenantId, language),
      verifyMember: (tenantId, account, password) => portal.members.verify(tenantId, account, password),
      smsEnabled: (tenantId) => portal.methods.smsEnabled(tenantId),
      sendSmsCode: (tenantId, phone, client, language) =>
        portal.sms.sendCode(tenantId, phone, client, language),
      verifySmsCode: (tenantId, phone, code) => portal.sms.verifyCode(tenantId, phone, code),
    },
    findDevice: async (thing) => {
      const ref = await deviceDirectory.find(thing)
      return ref ? devices.findById(ref.id) : undefined
    },
  })
  // What openNDS gateways and their guests sent that was refused, and authmon's polls (operator metrics).
  const openNds = new OpenNdsCounters(http.log)
  const limits = config.rateLimits
  const routes: RouteDefinition[] = [
    ...authRoutes({ auth, users }),
    ...usersRoutes({ users, resets, limits }),
    ...countriesRoutes,
    ...healthRoutes({ broker: () => gateway.connection.state }),
    ...projectsRoutes({ projects }),
    ...rolesRoutes({ roles }),
    ...portal.routes,
    ...devicePortal.routes,
    ...childAccountsRoutes({ children }),
    ...wechatRoutes({ wechat }),
    ...messages.routes,
    ...devicesRoutes({
      devices,
      overview,
      registration,
      revokeIdentity: (thing) => gateway.accounts.revokeDevice(thing),
      limits,
      driftedDevices: (tenantId) => backups.drift.driftedIds(tenantId),
      templateDevices: (tenantId, templateId) => templates.states.devicesWith(tenantId, templateId),
    }),
    ...trafficRoutes({ traffic }),
    ...settingsRoutes({ settings, devices }),
    ...deviceControlRoutes({ control, progress: new OperationProgress({ db, devices }) }),
    ...operationLogRoutes({ reader: new OperationLogReader({ db, devices }) }),
    ...remoteRoutes({ remote }),
    ...firmwareRoutes({ firmware: firmware.service }),
    ...upgradesRoutes({ upgrades, log: new UpgradeLogReader({ db, devices }) }),
    ...backups.routes,
    ...templates.routes,
    ...alarms.routes,
    ...operatorRoutes({
      operator: new OperatorService({ db }),
      registration,
      metrics: () => ({
        ingest: gateway.ingest.counters,
        devices: gateway.metrics(),
        firmware: firmware.metrics(),
        backups: backups.metrics(),
        guests: { openNds: { refusals: { ...openNds.refusals }, polls: { ...openNds.polls } } },
        memory: process.memoryUsage(),
        ...(database.statements ? { database: { statements: database.statements.top() } } : {}),
      }),
    }),
  ]

  // First: its hook must be in place before any route, page or error answer (security-headers.ts).
  await registerSecurityHeaders(http, {
    publicUrl: config.publicUrl,
    inlineScripts: [consoleSettingsScript(config)],
  })
  await http.register(fastifyCookie)
  registerErrorHandler(http)
  registerWechatCallback(http, config.apiRoot, wechat)
  await registerRemoteTunnel(http, config.apiRoot, remote)
  await firmware.registerRawRoutes({ auth, operatorToken })
  await portal.registerRawRoutes(http, { apiRoot: config.apiRoot, auth, operatorToken })
  // Guests' captive pages and the gateways' WiFiDog protocol: outside the API and its login.
  const guestLogins = {
    clientPerMinute: config.rateLimits.guestLoginClientPerMinute,
    addressPerMinute: config.rateLimits.guestLoginAddressPerMinute,
  }
  await registerGuestSurface(http, {
    guests: devicePortal.guests,
    rateLimits: new RateLimits(),
    limits: guestLogins,
  })
  // openNDS gateways' Forward Authentication (levels 1 and 3): the same guests, the faskey from the environment.
  await registerOpenNdsFas(http, {
    guests: devicePortal.guests,
    authmon: devicePortal.authmon,
    counters: openNds,
    rateLimits: new RateLimits(),
    faskey: openNdsFaskey(process.env),
    limits: guestLogins,
  })
  await backups.registerRawRoutes()
  await messages.registerRawRoutes({ auth })
  registerRoutes(http, routes, {
    apiRoot: config.apiRoot,
    auth,
    rateLimits: new RateLimits(),
    defaultLanguage: config.defaultLanguage,
    operatorToken,
  })
  const servePage = config.webDist
    ? await registerConsole(http, {
        webDist: config.webDist,
        apiRoot: config.apiRoot,
        defaultLanguage: config.defaultLanguage,
      })
    : undefined
  registerNotFound(http, servePage)
  // Every presigner is registered (backups): devices may have their job documents now.
  gateway.jobs.open()
  // Orders a previous process left go on: timed starts at their time, rollouts where they were.
  await upgradeEngine.start()
  await messages.start()
  await backups.start()
  // Open alarms and their timers as a previous process left them (modules/alarms/alarm-engine.ts).
  await alarms.start()
  http.addHook('onClose', async () => {
    upgradeEngine.stop()
    housekeeping.stop()
    // Each bounded inside (gateway.ts) or here: shutdown ends in time with the broker or database gone.
    // The scheduler first: its running handlers may still need the gateway.
    await within(5000, 'scheduler', scheduler.stop()).catch(report('shutdown'))
    await gateway.close()
    await within(1000, 'change feed', changes.stop()).catch(report('shutdown'))
  })
  return {
    http,
    routes,
    gateway,
    scheduler,
    operatorToken,
    firmware: firmware.service,
    messages: messages.service,
    services: { users, devices, registration, housekeeping },
  }
}
