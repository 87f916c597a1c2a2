import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig } from './config'

describe('loadConfig', () => {
  it('runs on the embedded defaults with nothing set', () => {
    const config = loadConfig({}, [])
    expect(config).toMatchObject({
      port: 8080,
      apiRoot: '/api',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      mail: undefined,
      demo: false,
      trustProxy: false,
      accessTokenTtlSeconds: 7200,
    })
  })

  it('lets flags win over the environment', () => {
    expect(loadConfig({ PORT: '9000' }, ['--port', '9100', '--demo'])).toMatchObject({
      port: 9100,
      demo: true,
    })
  })

  it('has a mail service only with server, port and address all given (§3)', () => {
    expect(loadConfig({ SMTP_HOST: 'smtp.example.com', SMTP_PORT: '25' }, []).mail).toBeUndefined()
    expect(
      loadConfig(
        {
          SMTP_HOST: 'smtp.example.com',
          SMTP_PORT: '465',
          SMTP_FROM: 'a@b.co',
          PUBLIC_URL: 'https://c.example',
        },
        [],
      ).mail,
    ).toEqual({
      host: 'smtp.example.com',
      port: 465,
      from: 'a@b.co',
      secure: true,
      user: undefined,
      password: undefined,
    })
  })

  it('refuses a mail service without PUBLIC_URL: mailed links never take the request Host', () => {
    const smtp = { SMTP_HOST: 'smtp.example.com', SMTP_PORT: '587', SMTP_FROM: 'a@b.co' }
    expect(() => loadConfig(smtp, [])).toThrow(/needs PUBLIC_URL/)
    expect(() => loadConfig({ ...smtp, PUBLIC_URL: '  ' }, [])).toThrow(/needs PUBLIC_URL/)
    expect(loadConfig({ ...smtp, PUBLIC_URL: 'https://console.example.com/' }, []).publicUrl).toBe(
      'https://console.example.com',
    )
    expect(() => loadConfig({ PUBLIC_URL: 'console.example.com' }, [])).toThrow(/PUBLIC_URL/)
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' }, [])).toThrow(/PUBLIC_URL/)
  })

  it('fails fast and says what is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' }, [])).toThrow(/PORT/)
    expect(() => loadConfig({ API_ROOT: 'api/' }, [])).toThrow(/API_ROOT/)
    expect(() => loadConfig({ SMTP_PORT: '70000' }, [])).toThrow(/SMTP_PORT/)
    expect(() => loadConfig({ DEFAULT_LANGUAGE: 'fr' }, [])).toThrow(/DEFAULT_LANGUAGE/)
  })
})
