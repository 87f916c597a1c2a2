import { createHmac, randomBytes } from 'node:crypto'
import { type RegistrationRequest, registrationPayload } from '@canopy/shared/protocol'

/**
 * A registration request as a device of the product makes it (docs/protocol.md "Provisioning"):
 * signed with the product's secret, which every device of the product carries; with the
 * device's current secret when it already has an identity.
 */
export function signedRegistration(
  product: { productKey: string; productSecret: string },
  mac: string,
  deviceSecret?: string,
): RegistrationRequest {
  const request = { productKey: product.productKey, mac, random: randomBytes(8).toString('hex') }
  const sign = createHmac('sha256', product.productSecret).update(registrationPayload(request)).digest('hex')
  return { ...request, sign, ...(deviceSecret === undefined ? {} : { deviceSecret }) }
}

/** A MAC in the product's range that no one has used, most likely. */
export function randomMac(product: { macPrefix: string }): string {
  return `${product.macPrefix}:${randomBytes(3).toString('hex').toUpperCase().match(/../g)!.join(':')}`
}
