import { ErrorCode } from '@canopy/shared/errors'
import type { FastifyError, FastifyInstance } from 'fastify'
import { comesFromDatabase, loggableError } from '../lib/loggable-error'
import { AppError } from './app-error'
import type { PageHandler } from './console'
import { failure } from './envelope'

/**
 * The one place an error becomes a response. Refusals carry their §8 codes; anything else is a
 * 500 whose details stay in the log.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.httpStatus).send(failure(error.codes, error.details ?? null))
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(failure([ErrorCode.TOO_FREQUENT]))
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own refusals: unparsable JSON, wrong content type, body too large.
      return reply.status(400).send(failure([ErrorCode.MALFORMED_REQUEST]))
    }
    // Never `{ err: error }`: pino would log every property, a query's parameters included.
    request.log.error({ error: loggableError(error), route: request.routeOptions.url }, 'request failed')
    const code = comesFromDatabase(error) ? ErrorCode.DATABASE_ERROR : ErrorCode.SERVER_ERROR
    return reply.status(500).send(failure([code]))
  })
}

/** Unknown API paths get the envelope; page paths go to the console when there is one. */
export function registerNotFound(app: FastifyInstance, servePage: PageHandler | undefined): void {
  app.setNotFoundHandler((request, reply) => {
    return servePage?.(request, reply) ?? reply.status(404).send(failure([ErrorCode.DATA_NOT_FOUND]))
  })
}
