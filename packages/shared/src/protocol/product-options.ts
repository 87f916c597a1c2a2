import { z } from 'zod'

/**
 * What a model's settings may be (the product catalogue's `options`): its radios with the
 * channels allowed in each regulatory region, bandwidths and user limit, its virtual APs and the
 * encryptions it supports. The console asks `getwifioptions` for one device's view of it.
 */
export const productOptions = z.object({
  radios: z
    .array(
      z.object({
        band: z.enum(['2g', '5g']),
        /** channels by region (ISO 3166 alpha-2, or '*' for everywhere else) */
        channels: z.record(z.string(), z.array(z.number().int().min(1).max(200))),
        bandwidths: z.array(z.enum(['20', '40', '80', '160'])).min(1),
        maxUsers: z.number().int().min(1).max(1024),
      }),
    )
    .default([]),
  vaps: z.number().int().min(0).max(3).default(0),
  encryptions: z
    .array(z.enum(['none', 'wep', 'wpa2-psk', 'wpa-wpa2-psk', 'wpa3-sae', 'wpa2-wpa3']))
    .default(['none', 'wpa2-psk']),
})
export type ProductOptions = z.infer<typeof productOptions>

/** A device's WiFi choices: its model's radios with the channels of its region. */
export interface WifiOptions {
  region: string
  radios: Array<{ band: '2g' | '5g'; channels: number[]; bandwidths: string[]; maxUsers: number }>
  vaps: number
  encryptions: string[]
  powers: number[]
}

export function wifiOptionsFor(options: ProductOptions, region: string | null): WifiOptions {
  const chosen = region ?? 'CN'
  return {
    region: chosen,
    radios: options.radios.map((radio) => ({
      band: radio.band,
      channels: radio.channels[chosen] ?? radio.channels['*'] ?? Object.values(radio.channels)[0] ?? [],
      bandwidths: radio.bandwidths,
      maxUsers: radio.maxUsers,
    })),
    vaps: options.vaps,
    encryptions: options.encryptions,
    powers: [100, 75, 50, 25, 12],
  }
}
