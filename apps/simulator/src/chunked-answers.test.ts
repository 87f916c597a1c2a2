import { describe, expect, it } from 'vitest'
import { ChunkedAnswers } from './chunked-answers'

const decode = (body: string) => Buffer.from(body, 'base64')

describe('chunked answers', () => {
  it('gives a large body back in chunks of the size asked, in order, once', () => {
    const answers = new ChunkedAnswers()
    const body = Buffer.from(Array.from({ length: 2500 }, (_, i) => i % 251))
    const parts = [answers.first(body, 1000)]
    while (parts.at(-1)!.next) parts.push(answers.next(parts.at(-1)!.next))
    expect(parts.map((part) => decode(part.body).length)).toEqual([1000, 1000, 500])
    expect(Buffer.concat(parts.map((part) => decode(part.body)))).toEqual(body)
    expect(() => answers.next(parts[0]!.next)).toThrow('no such answer')
  })

  it('answers whole when it fits, or when no chunk size is asked', () => {
    const answers = new ChunkedAnswers()
    const body = Buffer.from('<p>small</p>')
    expect(answers.first(body, 1000)).toEqual({ body: body.toString('base64') })
    expect(answers.first(Buffer.alloc(5000), undefined).next).toBeUndefined()
  })

  it('refuses a cursor it never gave', () => {
    expect(() => new ChunkedAnswers().next('guess')).toThrow('no such answer')
    expect(() => new ChunkedAnswers().next(42)).toThrow('no such answer')
  })
})
