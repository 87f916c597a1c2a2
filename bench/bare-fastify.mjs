// The yardstick: a bare Fastify route answering a JSON body of the same size, no auth, no DB.
import Fastify from 'fastify'

const body = JSON.parse(process.env.BODY ?? '{}')
const app = Fastify({ logger: false })
app.get('/bare', async () => body)
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
process.send?.('ready')
