import { loadConfig } from '../config'
import { openDatabase } from './open'

// `npm run db:migrate`: applies pending migrations to the configured database, then exits.
const database = await openDatabase(loadConfig())
await database.close()
console.warn('Migrations applied.')
