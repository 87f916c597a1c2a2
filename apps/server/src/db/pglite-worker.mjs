// The embedded PostgreSQL: PGlite in its own thread, served on a unix socket with the PostgreSQL
// wire protocol, so the server talks to it with the `pg` driver exactly as to a PostgreSQL server
// and PGlite's queries never stall the server's event loop. Plain JS: it loads without a TS loader.
//
// PGlite has one session. Several connections share it here, one request at a time: a request
// is every message up to a Sync or a simple Query (Parse…Bind…Execute…Sync go together), and a
// connection inside a transaction keeps the session until the transaction ends. (pglite-socket's
// multiplexer queues single messages, so two connections' Parse and Bind interleave under load.)
// Connections that say they carry work a person waits for (their startup packet's
// application_name is `urgentApplication`) have their requests served before the others'.
// Named prepared statements are each connection's own, as on a server (statement-names.mjs).
import { existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { deallocations, scopeStatementName } from './statement-names.mjs'

const { dataDir, socketPath, seedPath, urgentApplication } = workerData

const SSL_REQUEST = 80877103
const GSSENC_REQUEST = 80877104
const CANCEL_REQUEST = 80877102
const PROTOCOL_3 = 196608
/** Messages that end a request: Sync, simple Query, Terminate. */
const REQUEST_END = new Set(['S', 'Q', 'X'])

/** A new database starts from the build's pristine cluster, skipping initdb (seconds in WASM). */
function seedFor(directory) {
  const isNew = directory === 'memory://' || !existsSync(path.join(directory, 'PG_VERSION'))
  if (!isNew || !seedPath || !existsSync(seedPath)) return undefined
  return new Blob([readFileSync(seedPath)])
}

class Session {
  /** requests waiting for the session: { connection, messages } */
  queue = []
  /** the connection whose transaction holds the session, if any */
  owner = null
  running = false

  constructor(db) {
    this.db = db
  }

  submit(connection, messages) {
    this.queue.push({ connection, messages })
    void this.pump()
  }

  /**
   * A connection went away: its queued requests go, its named statements are forgotten (in the
   * queue's turn, like any request), and an open transaction is rolled back.
   */
  async release(connection) {
    this.queue = this.queue.filter((request) => request.connection !== connection)
    if (connection.statements.size > 0) {
      // Nobody reads the answer: a statement left behind (the session in a failed transaction,
      // say) is a few kilobytes under a name no connection will use again.
      this.submit({ write: () => true, urgent: false }, deallocations([...connection.statements]))
    }
    if (this.owner !== connection) return
    // exec takes PGlite's lock itself (runExclusive around it would wait for ever).
    // The worker has no logger of its own: stderr is the server's.
    await this.db
      .exec('ROLLBACK')
      .catch((error) =>
        console.error('embedded PostgreSQL: rollback after a closed connection failed:', error),
      )
    this.owner = null
    void this.pump()
  }

  /** The transaction's owner goes on; else an urgent connection's request, else the oldest. */
  next() {
    if (this.owner !== null) return this.queue.findIndex((request) => request.connection === this.owner)
    const urgent = this.queue.findIndex((request) => request.connection.urgent)
    return urgent !== -1 || this.queue.length === 0 ? urgent : 0
  }

  async pump() {
    if (this.running) return
    this.running = true
    try {
      for (;;) {
        const index = this.next()
        if (index === -1) break
        const [request] = this.queue.splice(index, 1)
        // The request's messages go in one call: PGlite reads them in turn, and each call costs
        // ~10 µs of its own.
        // The answer goes in one write: PGlite hands it out a message or a row at a time, and a
        // socket write per piece (a syscall each) took a third of the worker's time under load.
        const answer = []
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(Buffer.concat(request.messages), {
              // PGlite hands out views of a buffer it reuses for the next chunk: each is copied.
              onRawData: (data) => answer.push(Buffer.from(data)),
            }),
          )
        } finally {
          if (answer.length > 0) request.connection.write(Buffer.concat(answer))
        }
        this.owner = this.db.isInTransaction() ? request.connection : null
        // The sockets are read only between turns of this thread's event loop, and awaiting
        // PGlite never ends a turn: without this, the requests that arrived while the queue was
        // being served waited until it was empty, a person's among them, however urgent. So each
        // request ends a turn, and one that came meanwhile is in the queue for `next` to choose.
        await new Promise((resolve) => setImmediate(resolve))
      }
    } finally {
      this.running = false
    }
  }
}

/** connections served so far: each one's number prefixes its statement names */
let connections = 0

/** Splits a connection's bytes into protocol messages and hands complete requests to the session. */
function serve(socket, session) {
  let buffer = Buffer.alloc(0)
  let started = false
  let request = []
  const connection = {
    write: (data) => socket.writable && socket.write(data),
    urgent: false,
    /** its named statements' names in the session */
    statements: new Set(),
    prefix: `c${++connections}_`,
  }

  socket.on('data', (chunk) => {
    buffer = Buffer.concat([buffer, chunk])
    for (;;) {
      if (!started) {
        if (buffer.length < 8) return
        const length = buffer.readInt32BE(0)
        const code = buffer.readInt32BE(4)
        if (buffer.length < length) return
        const packet = buffer.subarray(0, length)
        buffer = buffer.subarray(length)
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          socket.write('N')
          continue
        }
        if (code === CANCEL_REQUEST) {
          socket.end()
          return
        }
        if (code !== PROTOCOL_3) {
          socket.destroy()
          return
        }
        started = true
        connection.urgent = startupParameters(packet).application_name === urgentApplication
        session.submit(connection, [new Uint8Array(packet)])
        continue
      }
      if (buffer.length < 5) return
      const length = 1 + buffer.readInt32BE(1)
      if (buffer.length < length) return
      const type = String.fromCharCode(buffer[0])
      const { packet, name } = scopeStatementName(
        new Uint8Array(buffer.subarray(0, length)),
        connection.prefix,
      )
      if (name) connection.statements.add(name)
      request.push(packet)
      buffer = buffer.subarray(length)
      if (type === 'X') {
        request = []
        socket.end()
        return
      }
      if (REQUEST_END.has(type)) {
        session.submit(connection, request)
        request = []
      }
    }
  })
  socket.on('close', () => void session.release(connection))
  socket.on('error', () => socket.destroy())
}

/** The startup packet's parameters: length, protocol, then name\0value\0 pairs and a \0. */
function startupParameters(packet) {
  const fields = packet.subarray(8).toString('utf8').split('\0')
  const parameters = {}
  for (let n = 0; n + 1 < fields.length && fields[n] !== ''; n += 2) parameters[fields[n]] = fields[n + 1]
  return parameters
}

try {
  const db = await PGlite.create({ dataDir, loadDataDir: seedFor(dataDir), extensions: { pg_trgm } })
  const session = new Session(db)
  const server = createServer((socket) => serve(socket, session))
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(socketPath, resolve)
  })
  parentPort.on('message', async (message) => {
    if (message !== 'stop') return
    await new Promise((resolve) => server.close(resolve))
    await db.close()
    parentPort.postMessage({ stopped: true })
  })
  parentPort.postMessage({ ready: true })
} catch (error) {
  parentPort.postMessage({ error: error instanceof Error ? error.stack : String(error) })
}
