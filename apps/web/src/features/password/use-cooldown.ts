import { useEffect, useState } from 'react'

/** Seconds left until `since + seconds`, ticking once a second; 0 when over. */
export function useCooldown(since: number | undefined, seconds: number): number {
  const left = () => (since ? Math.max(0, Math.ceil((since + seconds * 1000 - Date.now()) / 1000)) : 0)
  const [remaining, setRemaining] = useState(left)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `left` reads only since and seconds
  useEffect(() => {
    setRemaining(left())
    if (!since) return
    const timer = setInterval(() => {
      const next = left()
      setRemaining(next)
      if (next === 0) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [since, seconds])

  return remaining
}
