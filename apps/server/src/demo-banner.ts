export interface DemoFacts {
  /** where the console answers, e.g. http://localhost:8080 */
  url: string
  username: string
  /** undefined when the account was made by an earlier start (its password may have changed) */
  password: string | undefined
  devicesOnline: number
  unbound: ReadonlyArray<{ mac: string; model: string; password: string }>
}

/**
 * What `--demo` prints for a newcomer: plain lines on stdout, not a field inside a JSON log
 * line, because a person reads them once at start to log in and bind a device.
 */
export function demoBanner(facts: DemoFacts): string {
  const lines = [
    '',
    `Canopy demo: open ${facts.url} and log in with`,
    `  account   ${facts.username}`,
    `  password  ${facts.password ?? '(set at an earlier start; unchanged since)'}`,
    `Virtual fleet: ${facts.devicesOnline} devices online.`,
  ]
  if (facts.unbound.length > 0) {
    lines.push('Ready to bind (Device management → Bind device; device account admin):')
    for (const device of facts.unbound) {
      lines.push(`  ${device.mac}  ${device.model}  password ${device.password}`)
    }
  }
  lines.push('')
  return `${lines.join('\n')}\n`
}
