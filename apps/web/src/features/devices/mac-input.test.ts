import { describe, expect, it } from 'vitest'
import { macInput } from './mac-input'

describe('macInput', () => {
  it('upper-cases what is typed', () => {
    expect(macInput('02:c1:01:ab:cd:ef')).toBe('02:C1:01:AB:CD:EF')
  })

  it('drops spaces, wherever a paste put them', () => {
    expect(macInput(' 02:C1:01:AB:CD:EF \n')).toBe('02:C1:01:AB:CD:EF')
    expect(macInput('02: c1:01')).toBe('02:C1:01')
  })

  it('leaves other separators to the shared rule, which refuses them', () => {
    expect(macInput('02-c1-01-ab-cd-ef')).toBe('02-C1-01-AB-CD-EF')
  })

  it('keeps an empty field empty', () => {
    expect(macInput(undefined)).toBe('')
    expect(macInput('')).toBe('')
  })
})
