/**
 * A prepared query made when first used, then reused: drizzle builds its SQL once, and as a named
 * statement the database plans it once per connection (docs/decisions.md, "Named prepared
 * statements are each connection's own"). For the hot, fixed statements of a repository a service
 * holds for its lifetime; a repository made per request would prepare again each time.
 */
export function preparedOnce<Query>(prepare: () => Query): () => Query {
  let prepared: Query | undefined
  return () => {
    prepared ??= prepare()
    return prepared
  }
}
