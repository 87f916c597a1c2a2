import { CAPABILITY_NAMES, DEVICE_TYPES, productOptions } from '@canopy/shared/protocol'
import { z } from 'zod'

const macPrefix = z.string().regex(/^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){0,4}$/, 'a MAC prefix such as 02:C1:00')

/** A product of the catalogue, as the operator CLI sends it (and the simulator's catalogue holds it). */
export const operatorProduct = z.object({
  model: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9._-]+$/),
  name: z.string().min(1).max(100),
  type: z.enum(DEVICE_TYPES),
  published: z.boolean().default(false),
  capabilities: z.array(z.enum(CAPABILITY_NAMES)).max(CAPABILITY_NAMES.length).default([]),
  mac_prefixes: z.array(macPrefix).min(1),
  product_key: z.string().min(8).max(64).optional(),
  product_secret: z.string().min(16).max(128).optional(),
  options: productOptions.optional(),
})
export type OperatorProduct = z.infer<typeof operatorProduct>

export const productImport = z.object({ products: z.array(operatorProduct).min(1).max(500) })
export const publishRequest = z.object({ model: z.string().min(1), published: z.boolean() })
export const macRequest = z.object({ mac: z.string().min(12).max(17) })
export const developerRequest = z.object({ username: z.string().min(1), developer: z.boolean() })
export const deviceLimitRequest = z.object({
  username: z.string().min(1),
  limit: z.number().int().min(0).nullable(),
})
export const deviceListQuery = z.object({ unbound: z.enum(['0', '1']).optional() })
