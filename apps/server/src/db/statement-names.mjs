// Named prepared statements in the embedded database's one session (pglite-worker.mjs). PostgreSQL
// keeps a connection's named statements for that connection; here every connection shares
// PGlite's one session, so two `pg` clients preparing the same name would collide ("prepared
// statement already exists"). Each connection's statement names get a prefix of its own on the way
// in: a name in Parse, in Bind (the statement it binds), and in Describe and Close of a statement.
// The answers name no statement, so nothing is rewritten on the way out. Unnamed statements (the
// driver's default) pass as they are. Plain JS: the worker loads it without a TS loader.

/** The packet with the connection's prefix on the statement name it carries, and that name. */
export function scopeStatementName(packet, prefix) {
  const offset = statementNameAt(packet)
  if (offset === undefined || packet[offset] === 0) return { packet, name: undefined }
  const end = packet.indexOf(0, offset)
  const name = prefix + Buffer.from(packet.subarray(offset, end)).toString('utf8')
  const prefixBytes = Buffer.from(prefix, 'utf8')
  const scoped = Buffer.concat([packet.subarray(0, offset), prefixBytes, packet.subarray(offset)])
  scoped.writeInt32BE(scoped.length - 1, 1)
  return { packet: new Uint8Array(scoped), name: packet[0] === PARSE ? name : undefined }
}

/**
 * Simple Query packets that forget these statements (a connection that went away), one each: a
 * name whose Parse failed does not stop the others.
 */
export function deallocations(names) {
  return names.map((name) => simpleQuery(`DEALLOCATE "${name.replaceAll('"', '""')}"`))
}

function simpleQuery(text) {
  const body = Buffer.from(`${text}\0`, 'utf8')
  const packet = Buffer.alloc(5 + body.length)
  packet[0] = QUERY
  packet.writeInt32BE(4 + body.length, 1)
  body.copy(packet, 5)
  return new Uint8Array(packet)
}

const PARSE = 'P'.charCodeAt(0)
const BIND = 'B'.charCodeAt(0)
const DESCRIBE = 'D'.charCodeAt(0)
const CLOSE = 'C'.charCodeAt(0)
const QUERY = 'Q'.charCodeAt(0)
const STATEMENT = 'S'.charCodeAt(0)
/** type byte and length */
const HEADER = 5

/** Where the statement name starts in a packet that names one (undefined: it names none). */
function statementNameAt(packet) {
  switch (packet[0]) {
    case PARSE:
      return HEADER
    case BIND:
      // the portal's name comes first
      return packet.indexOf(0, HEADER) + 1
    case DESCRIBE:
    case CLOSE:
      return packet[HEADER] === STATEMENT ? HEADER + 1 : undefined
    default:
      return undefined
  }
}
