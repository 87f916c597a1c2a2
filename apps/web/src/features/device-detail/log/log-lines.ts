/**
 * A device log line as syslog writes it: a time, the host, then the program that wrote it
 * (`2026-11-24 00:06:01 ap-lobby hostapd: 5g: STA … associated`; BSD syslog's `Nov 24 00:06:01`
 * too, and a `[pid]` after the program). Lines of another shape have no source and are kept.
 */
const SYSLOG_LINE =
  /^(?:\d{4}-\d{2}-\d{2}[ T][\d:.]+\S*|[A-Z][a-z]{2} +\d{1,2} [\d:]{8}) \S+ ([^\s:[\]]+)(?:\[\d+\])?: /

/** The program that wrote a log line (hostapd, kernel, …), if the line says. */
export function logSource(line: string): string | undefined {
  return SYSLOG_LINE.exec(line)?.[1]
}

/** The sources the lines name, sorted, for the filter's choices. */
export function logSources(lines: readonly string[]): string[] {
  const sources = new Set<string>()
  for (const line of lines) {
    const source = logSource(line)
    if (source) sources.add(source)
  }
  return [...sources].sort()
}

export interface LogFilter {
  /** text every shown line holds, any case */
  text?: string
  /** the program every shown line is from */
  source?: string
}

/** The lines a filter keeps, in their order. */
export function filterLog(lines: readonly string[], filter: LogFilter): string[] {
  const text = filter.text?.trim().toLowerCase()
  return lines.filter(
    (line) =>
      (!text || line.toLowerCase().includes(text)) && (!filter.source || logSource(line) === filter.source),
  )
}
