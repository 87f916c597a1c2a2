import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * The module boundaries of docs/ARCHITECTURE.md (invariant 10), read from the source:
 * - a file of one area never imports another area's `*.repository.ts` (it asks that area's service);
 * - a repository queries only its own area's tables: the tables of its `<area>.schema.ts`,
 *   whether imported from there or through db/schema.ts, which gathers them all.
 * An area is a folder `modules/<area>/` or `gateway/<area>/`; the files directly in `gateway/`
 * are the area `gateway`, which owns no table. Schema files may reference other areas' tables
 * (foreign keys); tests and probes are not checked; type-only imports query nothing.
 */
export interface BoundaryViolation {
  /** the importing file, relative to src/ */
  file: string
  rule: 'repository' | 'table'
  /** the other area's repository file, or the table's SQL name */
  what: string
  /** the area that owns it */
  owner: string
}

const sourceRoot = import.meta.dirname

/** Every source file under src/, relative to it, with forward slashes. */
function sourceFiles(directory = sourceRoot): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return entry.name.endsWith('.ts') ? [path.relative(sourceRoot, full).split(path.sep).join('/')] : []
  })
}

/** The area a file belongs to, or undefined outside modules/ and gateway/. */
export function areaOf(file: string): string | undefined {
  const parts = file.split('/')
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}`
  if (parts[0] === 'gateway') return parts.length > 2 ? `gateway/${parts[1]}` : 'gateway'
  if (parts[0] === 'db') return 'db'
  return undefined
}

interface Import {
  /** resolved, relative to src/, without extension */
  target: string
  /** value names imported (type-only ones left out) */
  names: string[]
}

/** The file's value imports of relative paths. */
function importsOf(file: string, text: string): Import[] {
  const found: Import[] = []
  const pattern = /import\s+(type\s+)?(?:\{([^}]*)\}|[\w$]+|\*\s+as\s+[\w$]+)\s+from\s+'(\.[^']*)'/g
  for (const match of text.matchAll(pattern)) {
    if (match[1]) continue
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), match[3]!))
    const names = (match[2] ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith('type '))
      .map((name) => name.split(/\s+as\s+/)[0]!.trim())
    found.push({ target: target.replace(/\.ts$/, ''), names })
  }
  return found
}

/** Each table's SQL name by its export name, and the area owning each SQL name. */
function tableOwners(files: string[]): { sqlNames: Map<string, string>; owners: Map<string, string> } {
  const sqlNames = new Map<string, string>()
  const owners = new Map<string, string>()
  for (const file of files.filter((name) => name.endsWith('.schema.ts') && name !== 'db/schema.ts')) {
    const text = readFileSync(path.join(sourceRoot, file), 'utf8')
    for (const match of text.matchAll(/export\s+const\s+([\w$]+)\s*=\s*pgTable\(\s*'(\w+)'/g)) {
      sqlNames.set(match[1]!, match[2]!)
      owners.set(match[2]!, areaOf(file)!)
    }
  }
  return { sqlNames, owners }
}

/** Words that stop a FROM list. */
const FROM_LIST_END =
  /\b(?:where|join|left|right|inner|cross|order|group|limit|on|union|returning|for|having)\b|\)|;/i

/**
 * The tables raw SQL names (drizzle's sql`…` templates, comments left out): each word after
 * FROM (and the rest of its comma list), JOIN, UPDATE and INTO that is a table's SQL name.
 */
export function tablesInSql(text: string, tableNames: ReadonlyMap<string, string>): Set<string> {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
  const found = new Set<string>()
  for (const template of code.matchAll(/\bsql(?:\.raw\()?`([^`]*)`/g)) {
    const body = template[1]!.replace(/\$\{[^}]*\}/g, ' ? ')
    for (const match of body.matchAll(/\b(?:join|update|into)\s+"?(\w+)"?/gi))
      if (tableNames.has(match[1]!)) found.add(match[1]!)
    for (const match of body.matchAll(/\bfrom\s+([\s\S]*)/gi)) {
      const list = match[1]!.split(FROM_LIST_END)[0]!
      for (const item of list.split(',')) {
        const word = item.trim().replace(/"/g, '').split(/\s+/)[0] ?? ''
        if (tableNames.has(word)) found.add(word)
      }
    }
  }
  return found
}

export function boundaryViolations(): BoundaryViolation[] {
  const files = sourceFiles().filter((file) => !file.endsWith('.test.ts'))
  const { sqlNames, owners } = tableOwners(files)
  const violations: BoundaryViolation[] = []
  for (const file of files) {
    const area = areaOf(file)
    // Probes are the permission matrix's test set-up, kept beside their routes.
    if (!area || area === 'db' || file.endsWith('.schema.ts') || file.endsWith('.probes.ts')) continue
    const text = readFileSync(path.join(sourceRoot, file), 'utf8')
    /** the tables this file reaches, by SQL name: imported for drizzle's builder, or named in raw SQL */
    const tables = tablesInSql(text, owners)
    for (const { target, names } of importsOf(file, text)) {
      const owner = areaOf(`${target}.ts`)
      if (target.endsWith('.repository') && owner !== area)
        violations.push({ file, rule: 'repository', what: `${target}.ts`, owner: owner ?? target })
      if (target !== 'db/schema' && !target.endsWith('.schema')) continue
      for (const name of names) if (sqlNames.has(name)) tables.add(sqlNames.get(name)!)
    }
    for (const table of tables) {
      const owner = owners.get(table)!
      if (owner !== area) violations.push({ file, rule: 'table', what: table, owner })
    }
  }
  return violations
}
