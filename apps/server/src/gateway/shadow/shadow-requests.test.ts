import { describe, expect, it } from 'vitest'
import { readTokenRequest, readUpdateRequest, ShadowRefusal } from './shadow-requests'

const refusalOf = (read: () => unknown) => {
  try {
    read()
  } catch (error) {
    if (error instanceof ShadowRefusal)
      return { code: error.code, message: error.message, clientToken: error.clientToken }
    throw error
  }
  return undefined
}
const update = (text: string) => refusalOf(() => readUpdateRequest(Buffer.from(text)))

describe('reading shadow requests', () => {
  it('names each fault with AWS’s message, and echoes any usable clientToken', () => {
    expect(update('{"state":')).toEqual({ code: 400, message: 'Invalid JSON', clientToken: undefined })
    expect(update('[1]')).toMatchObject({ message: 'Invalid JSON' })
    expect(update('{"clientToken":"a"}')).toEqual({
      code: 400,
      message: 'Missing required node: state',
      clientToken: 'a',
    })
    expect(update('{"state":null,"clientToken":"a"}')).toMatchObject({
      message: 'Missing required node: state',
    })
    expect(update('{"state":"x","clientToken":"a"}')).toMatchObject({
      message: 'State node must be an object',
      clientToken: 'a',
    })
    expect(update('{"state":{"desired":1},"clientToken":"a"}')).toMatchObject({
      message: 'Desired node must be an object',
    })
    expect(update('{"state":{"reported":"x"}}')).toMatchObject({ message: 'Reported node must be an object' })
    expect(update('{"state":{},"version":-1,"clientToken":"a"}')).toMatchObject({
      message: 'Invalid version',
      clientToken: 'a',
    })
    expect(update(`{"state":{},"clientToken":"${'x'.repeat(65)}"}`)).toMatchObject({
      message: 'Invalid clientToken',
    })
    expect(update('{"state":{"reported":{"a":"\\u0000"}},"clientToken":"a"}')).toMatchObject({
      message: 'State contains an invalid node',
      clientToken: 'a',
    })
    expect(update(`{"state":{"reported":{"a":"${'x'.repeat(9000)}"}},"clientToken":"a"}`)).toMatchObject({
      code: 413,
      clientToken: 'a',
    })
    expect(refusalOf(() => readUpdateRequest(Buffer.from([0x7b, 0xc3, 0x28, 0x7d])))).toMatchObject({
      code: 415,
    })
  })

  it('takes a valid update, and get/delete requests empty or with a token', () => {
    expect(readUpdateRequest(Buffer.from('{"state":{"reported":{"a":1}},"version":3}'))).toEqual({
      state: { reported: { a: 1 } },
      version: 3,
    })
    expect(readTokenRequest(Buffer.alloc(0))).toEqual({})
    expect(readTokenRequest(Buffer.from('{"clientToken":"t"}'))).toEqual({ clientToken: 't' })
    expect(refusalOf(() => readTokenRequest(Buffer.from('{"clientToken":5}')))).toMatchObject({
      message: 'Invalid clientToken',
    })
  })
})
