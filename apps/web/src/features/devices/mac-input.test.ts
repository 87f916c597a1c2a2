import { describe, expect, it } from 'vitest'
import { macInput } from './mac-input'

describe('macInput', () => {
  it('shows every form of a MAC as it is stored', () => {
    for (const form of ['02C101748E58', '02-c1-01-74-8e-58', '02c1.0174.8e58', '02:c1:01:74:8e:58'])
      expect(macInput(form), form).toBe('02:C1:01:74:8E:58')
  })

  it('drops spaces, wherever a paste put them', () => {
    expect(macInput(' 02:C1:01:AB:CD:EF \n')).toBe('02:C1:01:AB:CD:EF')
    expect(macInput('02: c1:01')).toBe('02:C1:01')
  })

  it('leaves a half-typed MAC as typed, upper case', () => {
    expect(macInput('02-c1-01')).toBe('02-C1-01')
  })

  it('keeps an empty field empty', () => {
    expect(macInput(undefined)).toBe('')
    expect(macInput('')).toBe('')
  })
})
