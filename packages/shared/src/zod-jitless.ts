import { z } from 'zod'

/**
 * Imported first by the console: zod compiles a fast parser for each object schema with
 * `new Function`, and probes whether it may as each schema is defined. Under the console's CSP
 * (no 'unsafe-eval') the probe fails harmlessly but is reported as a violation on every page, so
 * the console parses without compiling (its forms parse a few fields; the server keeps the JIT).
 */
z.config({ jitless: true })
