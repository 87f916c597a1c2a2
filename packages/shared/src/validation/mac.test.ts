import { describe, expect, it } from 'vitest'
import { registrationRequest } from '../protocol/messages'
import { firstViolation } from './core'
import { bindRequest, deviceListRequest, mac } from './devices'
import { isMacForm, normaliseMac } from './mac'

const STORED = '02:C1:01:74:8E:58'
/** How one MAC is written on labels, in other tools and by devices. */
const FORMS = [
  '02C101748E58',
  '02c101748e58',
  '02-C1-01-74-8E-58',
  '02-c1-01-74-8e-58',
  '02c1.0174.8e58',
  '02C1.0174.8E58',
  '02:c1:01:74:8e:58',
  STORED,
  ' 02:C1:01:74:8E:58\n',
]

describe('normaliseMac', () => {
  it.each(FORMS)('reads %j as the stored form', (form) => {
    expect(normaliseMac(form)).toBe(STORED)
    expect(isMacForm(form)).toBe(true)
  })

  it.each([
    '02:C1:01:74:8E',
    '02C101748E5',
    '02C101748E588',
    '02:C1:01:74:8E:5G',
    '02c1.0174.8e5',
    '02c.10174.8e58',
    '02..C101748E58',
    'lobby',
    '',
  ])('leaves %j for the rule to refuse: no spaces, upper case', (text) => {
    expect(isMacForm(text)).toBe(false)
    expect(normaliseMac(text)).toBe(text.replace(/\s+/g, '').toUpperCase())
  })
})

describe('the §5 MAC rule', () => {
  it.each(FORMS)('passes %j and gives the stored form', (form) => {
    expect(mac.parse(form)).toBe(STORED)
  })

  it("still refuses what is not a MAC, or not a device's", () => {
    expect(firstViolation(mac, '')).toBe('validation.mac_empty')
    expect(firstViolation(mac, '02:C1:01:74:8E')).toBe('validation.mac_tips')
    expect(firstViolation(mac, '0000.0000.0000')).toBe('validation.mac_not_0')
    expect(firstViolation(mac, 'ff-ff-ff-ff-ff-ff')).toBe('validation.mac_not_f')
    expect(firstViolation(mac, '01005E000001')).toBe('validation.mac_broadcast_addr')
  })

  it('binds whatever form the dialog was given', () => {
    const request = bindRequest.parse({ mac: '02c1.0174.8e58', password: 'secret', gid: '3' })
    expect(request.mac).toBe(STORED)
  })
})

describe('the device list search', () => {
  it('searches a whole MAC in any form as stored, and any other keyword as given', () => {
    const keywordOf = (keyword: string) =>
      deviceListRequest.parse({ pageIndex: 1, pageOffset: 10, keyword }).keyword
    expect(keywordOf('02-c1-01-74-8e-58')).toBe(STORED)
    expect(keywordOf('02c1.0174.8e58')).toBe(STORED)
    expect(keywordOf('Lobby AP')).toBe('Lobby AP')
    expect(keywordOf('8e:58')).toBe('8e:58')
  })
})

describe('device registration', () => {
  const base = { productKey: 'pk_1', random: '12345678', sign: 'a'.repeat(64) }
  it.each(FORMS.filter((form) => form.trim() === form))('takes %j', (form) => {
    expect(registrationRequest.safeParse({ ...base, mac: form }).success).toBe(true)
  })

  it('refuses what is not a MAC', () => {
    expect(registrationRequest.safeParse({ ...base, mac: '02:C1:01:74:8E' }).success).toBe(false)
    expect(registrationRequest.safeParse({ ...base, mac: 'x'.repeat(40) }).success).toBe(false)
  })
})
