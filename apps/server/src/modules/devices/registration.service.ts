import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { ErrorCode } from '@canopy/shared/errors'
import {
  type RegistrationRequest,
  type RegistrationResponse,
  registrationPayload,
  thingNameOf,
} from '@canopy/shared/protocol'
import { normaliseMac } from '@canopy/shared/validation'
import type { ChangeFeed } from '../../db/change-feed'
import type { Database } from '../../db/client'
import { hashDeviceSecret } from '../../gateway/device-credentials'
import type { BrokerAccounts } from '../../gateway/gateway'
import { AppError } from '../../http/app-error'
import { devicesRepository, type IdentityReplacement } from './devices.repository'
import { type ProductRow, productsRepository } from './products.repository'

/**
 * How a device gets its cloud identity (docs/protocol.md, "Provisioning"): a factory-fresh
 * device signs its MAC with its product's secret and receives a thing name and a secret of its
 * own. An unbound device registering again (after a reset) gets a new secret; a bound one only
 * by sending the secret it holds, since the product secret is in every device of the product
 * and would otherwise let anyone take over a bound device's identity (and the settings the
 * cloud sends it). Operators can also provision an identity for a MAC directly.
 */
export class RegistrationService {
  constructor(
    private readonly deps: {
      db: Database
      accounts: () => BrokerAccounts
      changes: ChangeFeed
      /** where devices connect, as given to them */
      brokerUrl: () => string
    },
  ) {}

  async register(request: RegistrationRequest, requestHost: string): Promise<RegistrationResponse> {
    const product = await productsRepository(this.deps.db).findByKey(request.productKey)
    if (!product) throw new AppError(ErrorCode.PRODUCT_NOT_FOUND)
    const expected = createHmac('sha256', product.productSecret).update(registrationPayload(request)).digest()
    if (!timingSafeEqual(expected, Buffer.from(request.sign, 'hex')))
      throw new AppError(ErrorCode.NO_PERMISSION)
    const mac = normaliseMac(request.mac)
    if (!madeBy(product, mac)) throw new AppError(ErrorCode.PRODUCT_NOT_USABLE)
    const current = request.deviceSecret ? hashDeviceSecret(request.deviceSecret) : undefined
    const { thingName, deviceSecret } = await this.issueIdentity(product, mac, { secretHash: current })
    return { thingName, deviceSecret, mqtt: this.brokerAddress(requestHost) }
  }

  /** An identity for a MAC, issued by an operator (the product follows from the MAC prefix). */
  async provision(macInput: string): Promise<{ thingName: string; deviceSecret: string; model: string }> {
    const mac = normaliseMac(macInput)
    const product = await productsRepository(this.deps.db).findByMac(mac)
    if (!product) throw new AppError(ErrorCode.PRODUCT_NOT_FOUND)
    // The operator's word replaces any identity: how a bound device that lost its secret returns.
    return { ...(await this.issueIdentity(product, mac, 'any')), model: product.model }
  }

  /** Takes a device's identity away: it can no longer connect until it registers again. */
  async revoke(macInput: string): Promise<void> {
    const device = await devicesRepository(this.deps.db).findByMac(normaliseMac(macInput))
    if (!device) throw new AppError(ErrorCode.DEVICE_NOT_FOUND)
    await devicesRepository(this.deps.db).remove([device.id])
    await this.deps.accounts().revokeDevice(device.thingName)
    await this.deps.changes.publish({ kind: 'device', thing: device.thingName })
  }

  private async issueIdentity(product: ProductRow, mac: string, replaces: IdentityReplacement) {
    const thingName = thingNameOf(mac)
    const deviceSecret = randomBytes(32).toString('base64url')
    const id = await this.deps.db.transaction((tx) =>
      devicesRepository(tx).upsertRegistration(
        { mac, thingName, productId: product.id, secretHash: hashDeviceSecret(deviceSecret) },
        replaces,
      ),
    )
    // Bound, and the caller did not show the secret it holds: someone else's device, as far as
    // the cloud can tell (its owner unbinds it to let a reset device register afresh).
    if (id === undefined) throw new AppError(ErrorCode.DEVICE_ALREADY_BOUND)
    await this.deps.accounts().grantDevice(thingName, deviceSecret)
    await this.deps.changes.publish({ kind: 'device', thing: thingName })
    return { thingName, deviceSecret }
  }

  /** Where a device that reached us at `requestHost` finds the broker. */
  brokerAddress(requestHost: string): { host: string; port: number } {
    const url = new URL(this.deps.brokerUrl())
    // The embedded broker listens on every interface: tell the device the host it reached us at.
    const host = url.hostname === '127.0.0.1' || url.hostname === 'localhost' ? requestHost : url.hostname
    return { host, port: Number(url.port || 1883) }
  }
}

export function madeBy(product: ProductRow, mac: string): boolean {
  return product.macPrefixes.some((prefix) => mac.startsWith(prefix))
}
