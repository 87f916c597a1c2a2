import fc from 'fast-check'
import type { z } from 'zod'

/**
 * Generated requests for the fuzz suite (src/http/routes.fuzz.test.ts): values shaped by a
 * route's own zod schema — so most get past the fields they do not aim at — with any field, or
 * the whole input, swapped for something hostile.
 */

const INT32 = 2 ** 31

/** Numbers at and past every bound a column or a parser has. */
const hostileNumbers = [
  0,
  -1,
  INT32 - 1,
  INT32,
  -INT32 - 1,
  2 ** 32,
  2 ** 53,
  -(2 ** 53),
  2 ** 53 + 2,
  1e308,
  -1e308,
  5e-324,
  1.5,
  -0.5,
]

/** Texts a database, a parser or a number reader chokes on. */
const hostileTexts = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\udbff\ud800',
  '😀',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e3',
  '0x10',
  '0b1',
  ' 7',
  '7 ',
  '07',
  '+7',
  '7.0',
  '2147483648',
  '9007199254740993',
  '99999999999999999999999',
  'true',
  'null',
  '[7]',
  '__proto__',
  'constructor',
  "' or 1=1 --",
  '%00',
  '\\',
  '"',
  '../../etc/passwd',
  '<script>',
  '\u202e',
  '\r\n',
]

/** Keys that pollute prototypes when merged carelessly. */
export const POLLUTING_KEYS = ['__proto__', 'constructor', 'prototype'] as const

const longText = fc.constantFrom(500, 5_000, 70_000).map((length) => 'a'.repeat(length))

const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(...hostileNumbers, ...hostileTexts, true, false, null),
  longText,
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.integer(),
  fc.double(),
)

/** Anything hostile: a scalar, or a wrong shape (a list, a nested object, polluting keys). */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>([], {}, [7], ['7'], [[[]]], { id: 7 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...POLLUTING_KEYS), hostileScalar)
      .map(([key, value]) => Object.defineProperty({}, key, { value, enumerable: true })),
  },
)

/** A value that may pass `schema`, or a hostile one in its place (about one in three). */
export function valueFor(schema: z.ZodType, known: KnownValues, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 2, arbitrary: plausible(schema, known, depth) },
    { weight: 1, arbitrary: hostileValue },
  )
}

/** Ids the fixture holds, so some generated requests name real things and get deeper. */
export interface KnownValues {
  ids: readonly number[]
}

interface ZodDefinition {
  type: string
  shape?: Record<string, z.ZodType>
  element?: z.ZodType
  entries?: Record<string, string | number>
  values?: readonly unknown[]
  options?: readonly z.ZodType[]
  innerType?: z.ZodType
  in?: z.ZodType
  out?: z.ZodType
  valueType?: z.ZodType
}

function definitionOf(schema: z.ZodType): ZodDefinition {
  return (schema as unknown as { _zod: { def: ZodDefinition } })._zod.def
}

function plausible(schema: z.ZodType, known: KnownValues, depth: number): fc.Arbitrary<unknown> {
  const def = definitionOf(schema)
  if (depth > 6) return hostileScalar
  switch (def.type) {
    case 'object': {
      const fields = Object.fromEntries(
        Object.entries(def.shape ?? {}).map(([key, field]) => [key, valueFor(field, known, depth + 1)]),
      )
      return fc.record(fields, { requiredKeys: [] })
    }
    case 'string':
      return fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom(...hostileTexts))
    case 'number':
    case 'int':
      return fc.oneof(oneOf(known.ids), fc.integer({ min: -5, max: 300 }), fc.constantFrom(...hostileNumbers))
    case 'boolean':
      return fc.boolean()
    case 'array':
      return fc.array(valueFor(def.element!, known, depth + 1), { maxLength: 4 })
    case 'enum':
      return oneOf(Object.values(def.entries ?? {}))
    case 'literal':
      return oneOf(def.values ?? [])
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => plausible(option, known, depth)))
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 8 }), valueFor(def.valueType!, known, depth + 1), {
        maxKeys: 3,
      })
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return plausible(def.innerType!, known, depth)
    case 'pipe':
      // A preprocess is a transform piped into the schema that says what it takes.
      return definitionOf(def.in!).type === 'transform'
        ? plausible(def.out!, known, depth)
        : plausible(def.in!, known, depth)
    default:
      return hostileValue
  }
}

/** One of the values, or a hostile one when there are none. */
function oneOf(values: readonly unknown[]): fc.Arbitrary<unknown> {
  return values.length > 0 ? fc.constantFrom(...values) : hostileValue
}

/** A JSON body for a route: shaped by its schema, or hostile as a whole (not even an object). */
export function bodyFor(schema: z.ZodType | undefined, known: KnownValues): fc.Arbitrary<unknown> {
  const shaped = schema ? valueFor(schema, known) : hostileValue
  return fc.oneof(
    { weight: 8, arbitrary: shaped },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
    { weight: 1, arbitrary: withPollutingKey(shaped) },
  )
}

function withPollutingKey(base: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.tuple(base, fc.constantFrom(...POLLUTING_KEYS)).map(([value, key]) => {
    const polluted = typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : {}
    return Object.defineProperty(polluted, key, { value: { polluted: true }, enumerable: true })
  })
}

/**
 * A query string for a route, as raw URL text: its keys with texts of any kind, repeated keys
 * (lists) included. A lone surrogate has no UTF-8 form, so it goes as the three bytes a careless
 * encoder writes (what `encodeURIComponent` refuses to make).
 */
export function queryFor(schema: z.ZodType | undefined): fc.Arbitrary<string> {
  const def = schema ? definitionOf(schema) : undefined
  const keys = def?.type === 'object' ? Object.keys(def.shape ?? {}) : []
  const text = fc.oneof(
    fc.constantFrom(...hostileTexts, ...hostileNumbers.map(String)),
    fc.integer({ min: 1, max: 300 }).map(String),
    fc.string({ unit: 'binary', maxLength: 12 }),
  )
  const value = fc.oneof(
    { weight: 4, arbitrary: text },
    { weight: 1, arbitrary: fc.array(text, { maxLength: 3 }) },
  )
  const names =
    keys.length > 0 ? fc.constantFrom(...keys, ...POLLUTING_KEYS) : fc.constantFrom(...POLLUTING_KEYS)
  return fc.dictionary(names, value, { maxKeys: keys.length + 1 }).map((query) =>
    Object.entries(query)
      .flatMap(([key, values]) =>
        [values].flat().map((one) => `${percentEncoded(key)}=${percentEncoded(one)}`),
      )
      .join('&'),
  )
}

function percentEncoded(text: string): string {
  let encoded = ''
  for (const char of text) {
    const code = char.codePointAt(0)!
    if (code >= 0xd800 && code <= 0xdfff) {
      encoded += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('')
    } else {
      encoded += encodeURIComponent(char)
    }
  }
  return encoded
}
