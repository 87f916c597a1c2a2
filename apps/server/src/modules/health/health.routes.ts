import { publicRoute } from '../../http/route'

/** What the health route says of the cloud's own MQTT connection. */
export interface BrokerState {
  connected: boolean
  lostAt: Date | undefined
}

/**
 * `GET {API_ROOT}/health` for operators and load balancers. It answers 200 whatever the broker's
 * state: with the broker gone every instance has lost it, and taking them all out of rotation
 * would take the console away too. While `broker.connected` is false, device status is only
 * what was last heard (docs/decisions.md, "The cloud losing the broker").
 */
export function healthRoutes(deps: { broker: () => BrokerState }) {
  return [
    publicRoute({
      method: 'GET',
      path: '/health',
      handler: () => {
        const broker = deps.broker()
        return { broker: { connected: broker.connected, lostAt: broker.lostAt?.toISOString() ?? null } }
      },
    }),
  ]
}
