import { describe, expect, it } from 'vitest'
import {
  JOB_REQUEST_MAX_BYTES,
  JobsRefusal,
  jobIdOf,
  readDescribeRequest,
  readPendingRequest,
  readStartNextRequest,
  readUpdateRequest,
} from './jobs-requests'

const refusalOf = (read: () => unknown) => {
  try {
    read()
  } catch (error) {
    if (error instanceof JobsRefusal)
      return {
        code: error.code,
        message: error.message,
        clientToken: error.clientToken,
        reason: error.reason,
      }
    throw error
  }
  return undefined
}
const update = (text: string) => refusalOf(() => readUpdateRequest(Buffer.from(text)))

describe('reading Jobs requests', () => {
  it('names each fault with AWS’s code, and echoes any usable clientToken', () => {
    expect(update('{"status":')).toMatchObject({ code: 'InvalidJson', reason: 'malformed' })
    expect(update('[1]')).toMatchObject({ code: 'InvalidJson' })
    expect(refusalOf(() => readUpdateRequest(Buffer.from([0x7b, 0xc3, 0x28, 0x7d])))).toMatchObject({
      code: 'InvalidJson',
    })
    expect(update('{"clientToken":"a"}')).toMatchObject({
      code: 'InvalidRequest',
      clientToken: 'a',
      message: expect.stringContaining('status'),
    })
    expect(update('{"status":"QUEUED","clientToken":"a"}')).toMatchObject({
      code: 'InvalidRequest',
      clientToken: 'a',
    })
    expect(update('{"status":"TIMED_OUT"}')).toMatchObject({ code: 'InvalidRequest' })
    expect(update('{"status":"IN_PROGRESS","expectedVersion":-1}')).toMatchObject({
      message: expect.stringContaining('expectedVersion'),
    })
    expect(update('{"status":"IN_PROGRESS","statusDetails":{"phase":5}}')).toMatchObject({
      code: 'InvalidRequest',
      message: expect.stringContaining('statusDetails'),
    })
    expect(update('{"status":"IN_PROGRESS","statusDetails":{"bad key":"x"}}')).toMatchObject({
      code: 'InvalidRequest',
    })
    expect(update(`{"status":"IN_PROGRESS","statusDetails":{"a":"${'x'.repeat(1025)}"}}`)).toMatchObject({
      code: 'InvalidRequest',
    })
    const eleven = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, 'v']))
    expect(update(JSON.stringify({ status: 'IN_PROGRESS', statusDetails: eleven }))).toMatchObject({
      code: 'InvalidRequest',
    })
    expect(update('{"status":"IN_PROGRESS","stepTimeoutInMinutes":0}')).toMatchObject({
      code: 'InvalidRequest',
    })
    expect(update('{"status":"IN_PROGRESS","stepTimeoutInMinutes":10081}')).toMatchObject({
      code: 'InvalidRequest',
    })
    expect(update(`{"status":"IN_PROGRESS","clientToken":"${'x'.repeat(65)}"}`)).toMatchObject({
      code: 'InvalidRequest',
      clientToken: undefined,
    })
    expect(
      update('{"status":"IN_PROGRESS","statusDetails":{"a":"\\u0000"},"clientToken":"t"}'),
    ).toMatchObject({
      code: 'InvalidRequest',
      clientToken: 't',
      reason: 'unstorable',
    })
    const big = JSON.stringify({
      status: 'IN_PROGRESS',
      clientToken: 't',
      pad: 'x'.repeat(JOB_REQUEST_MAX_BYTES),
    })
    expect(update(big)).toMatchObject({ code: 'InvalidRequest', clientToken: 't', reason: 'too-large' })
  })

  it('takes what the AWS SDK sends (thingName and jobId in the payload too), and empty requests', () => {
    expect(
      readUpdateRequest(
        Buffer.from(
          JSON.stringify({
            thingName: 'cnp-000000000001',
            jobId: 'j1',
            status: 'IN_PROGRESS',
            statusDetails: { phase: 'downloading', 'progress:pct': '40' },
            expectedVersion: 2,
            stepTimeoutInMinutes: -1,
            clientToken: 'c',
          }),
        ),
      ),
    ).toEqual({
      status: 'IN_PROGRESS',
      statusDetails: { phase: 'downloading', 'progress:pct': '40' },
      expectedVersion: 2,
      stepTimeoutInMinutes: -1,
      clientToken: 'c',
    })
    expect(readPendingRequest(Buffer.alloc(0))).toEqual({})
    expect(readStartNextRequest(Buffer.from('{"stepTimeoutInMinutes":5}'))).toEqual({
      stepTimeoutInMinutes: 5,
    })
    expect(readDescribeRequest(Buffer.from('{"includeJobDocument":false,"clientToken":"d"}'))).toEqual({
      includeJobDocument: false,
      clientToken: 'd',
    })
  })

  it('takes a job id or, for get, $next from the topic; anything else is InvalidTopic', () => {
    const none = Buffer.alloc(0)
    expect(jobIdOf('job-1_A', false, none)).toBe('job-1_A')
    expect(jobIdOf('$next', true, none)).toBe('$next')
    expect(refusalOf(() => jobIdOf('$next', false, none))).toMatchObject({ code: 'InvalidTopic' })
    expect(refusalOf(() => jobIdOf('a.b', true, Buffer.from('{"clientToken":"t"}')))).toMatchObject({
      code: 'InvalidTopic',
      clientToken: 't',
    })
    expect(refusalOf(() => jobIdOf('x'.repeat(65), false, none))).toMatchObject({ code: 'InvalidTopic' })
  })
})
