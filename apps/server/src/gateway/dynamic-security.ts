import { randomUUID } from 'node:crypto'
import { devicePublishTopics, deviceSubscribeTopics } from '@canopy/shared/protocol'
import { CloudConnection } from './cloud-connection'

const CONTROL = '$CONTROL/dynamic-security/v1'
const CLOUD_ROLE = 'canopy-cloud'

type Command = Record<string, unknown> & { command: string }
interface CommandResult {
  command: string
  error?: string
  data?: unknown
  correlationData?: string
}

/**
 * Mosquitto's dynamic-security plugin, driven through its `$CONTROL` API: each device gets a
 * client (user name and client id = thing name, password = secret) and a role of its own whose
 * ACLs name its topics literally (Mosquitto 2.0 substitutes no %u/%c in these ACLs).
 */
export class DynamicSecurity {
  private readonly pending = new Map<string, (results: CommandResult[]) => void>()

  private constructor(private readonly connection: CloudConnection) {}

  /** The control channel, on the cloud's connection (its account must hold the cloud role). */
  static async attach(connection: CloudConnection): Promise<DynamicSecurity> {
    const control = new DynamicSecurity(connection)
    await connection.on(`${CONTROL}/response`, (_topic, payload) => control.receive(payload))
    return control
  }

  /**
   * Gives the cloud's account the role that lets it hear and answer every device (idempotent).
   * Mosquitto disconnects the clients of an account whose roles change, so this runs on a
   * connection of its own, before the cloud connects for good.
   */
  static async ensureCloudRole(options: { url: string; username: string; password: string }): Promise<void> {
    const connection = await CloudConnection.connect(options)
    try {
      const control = await DynamicSecurity.attach(connection)
      // `#` does not match topics that start with `$`: the AWS topics need their own entries.
      const acls = ['#', '$aws/#'].flatMap((topic) =>
        ['subscribePattern', 'publishClientReceive', 'publishClientSend'].map((acltype) => ({
          acltype,
          topic,
        })),
      )
      await control.run(
        [
          { command: 'createRole', rolename: CLOUD_ROLE },
          ...acls.map((acl) => ({ command: 'addRoleACL', rolename: CLOUD_ROLE, ...acl, allow: true })),
        ],
        ['Role already exists', 'ACL with this topic already exists'],
      )
      const [client] = await control.run([{ command: 'getClient', username: options.username }])
      const roles =
        (client?.data as { client?: { roles?: Array<{ rolename: string }> } })?.client?.roles ?? []
      if (roles.some((role) => role.rolename === CLOUD_ROLE)) return
      // This disconnects us: no answer is coming, and none is needed.
      await connection.publish(CONTROL, {
        commands: [{ command: 'addClientRole', username: options.username, rolename: CLOUD_ROLE }],
      })
      await new Promise((resolve) => setTimeout(resolve, 300))
    } finally {
      // Forced when the broker has already disconnected us (the role change above does): no error.
      await connection.close()
    }
  }

  /** Lets the device connect with `secret`, under its own topics only (creates or updates it). */
  async grantDevice(thing: string, secret: string): Promise<void> {
    const rolename = `device-${thing}`
    const acls = [
      ...devicePublishTopics(thing).map((topic) => ({ acltype: 'publishClientSend', topic, allow: true })),
      ...deviceSubscribeTopics(thing).flatMap((topic) => [
        { acltype: 'subscribePattern', topic, allow: true },
        { acltype: 'publishClientReceive', topic, allow: true },
      ]),
    ]
    await this.run(
      [
        { command: 'createRole', rolename, acls },
        {
          command: 'createClient',
          username: thing,
          clientid: thing,
          password: secret,
          roles: [{ rolename }],
        },
        // A device registering again keeps its client and gets its new secret.
        { command: 'setClientPassword', username: thing, password: secret },
      ],
      ['Role already exists', 'Client already exists'],
    )
  }

  /**
   * Ends the device's session without taking its identity: Mosquitto 2.0's dynamic security has
   * no command to kick a client, but disabling one disconnects it, and enabling it again at once
   * lets it connect again (into the same limits).
   */
  async disconnectDevice(thing: string): Promise<void> {
    await this.run([
      { command: 'disableClient', username: thing },
      { command: 'enableClient', username: thing },
    ])
  }

  async revokeDevice(thing: string): Promise<void> {
    await this.run(
      [
        { command: 'deleteClient', username: thing },
        { command: 'deleteRole', rolename: `device-${thing}` },
      ],
      ['Client not found', 'Role not found'],
    )
  }

  private async run(commands: Command[], tolerated: string[] = []): Promise<CommandResult[]> {
    const correlation = randomUUID()
    const answered = new Promise<CommandResult[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(correlation)
        reject(new Error('Mosquitto dynamic security did not answer within 10 s'))
      }, 10_000)
      this.pending.set(correlation, (results) => {
        clearTimeout(timer)
        resolve(results)
      })
    })
    const tagged = commands.map((command, index) => ({
      ...command,
      correlationData: `${correlation}:${index}`,
    }))
    await this.connection.publish(CONTROL, { commands: tagged })
    const results = await answered
    const failures = results.filter((result) => result.error && !tolerated.includes(result.error))
    if (failures.length > 0) {
      throw new Error(
        `dynamic security refused: ${failures.map((f) => `${f.command}: ${f.error}`).join('; ')}`,
      )
    }
    return results
  }

  /** Answers to other instances' commands carry correlations this one does not know: ignored. */
  private receive(payload: Buffer): void {
    const { responses } = JSON.parse(payload.toString()) as { responses: CommandResult[] }
    const correlation = responses[0]?.correlationData?.split(':')[0]
    if (!correlation) return
    this.pending.get(correlation)?.(responses)
    this.pending.delete(correlation)
  }
}
