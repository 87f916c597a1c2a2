import { publicRoute } from '../../http/route'
import { CALLING_CODES } from './calling-codes'

export const countriesRoutes = [
  publicRoute({
    method: 'GET',
    path: '/backend/common/countrycodes',
    handler: () => CALLING_CODES,
  }),
]
