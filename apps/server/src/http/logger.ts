import type { FastifyServerOptions } from 'fastify'
import { loggableError } from '../lib/loggable-error'

/** What Fastify's types say an `err` serializer returns (pino itself takes any object). */
type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string }

/**
 * The app's one logger (the gateway, the housekeeping and shutdown log through it too). Every
 * error logged as `{ err }` goes through `loggableError`, so no log line — of a request, a device
 * message or a background task — carries a query's parameters or an error's other properties.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  const err = (error: unknown) => loggableError(error) as unknown as SerializedError
  return { level, serializers: { err }, ...(stream ? { stream } : {}) }
}
