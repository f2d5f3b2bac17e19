// The allow-only verdict cache: a bounded LRU with a time-to-live.
// Only allows are stored: every deny goes to the checker again, so each attempt is
// counted by the reject budget and the agent always gets a fresh prescriptive message.
// Allows expire after ttlMs (default 0: nothing is cached), which bounds how long a
// tightened checker config can be ignored. A key covers everything the checker's
// answer depends on besides its own config (see `cacheKey`).

import { createHash } from "node:crypto"

/** An allow remembered until `expiresAt` (clock milliseconds). */
interface Entry {
  message?: string
  expiresAt: number
}

/** Allow-only LRU cache with a TTL; with ttlMs 0 it stores nothing. */
export class AllowCache {
  private readonly map = new Map<string, Entry>()

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The cached allow for `key` (refreshing its LRU position), or null. */
  get(key: string): { message?: string } | null {
    const e = this.map.get(key)
    if (e === undefined) return null
    if (e.expiresAt <= this.clock()) {
      this.map.delete(key)
      return null
    }
    this.map.delete(key)
    this.map.set(key, e)
    return e.message === undefined ? {} : { message: e.message }
  }

  /** Remembers an allow; evicts the least recently used entries beyond maxEntries. */
  putAllow(key: string, message?: string): void {
    if (this.ttlMs <= 0 || this.maxEntries <= 0) return
    this.map.delete(key)
    while (this.map.size >= this.maxEntries) {
      const oldest = this.map.keys().next()
      if (oldest.done) break
      this.map.delete(oldest.value)
    }
    this.map.set(key, { ...(message !== undefined ? { message } : {}), expiresAt: this.clock() + this.ttlMs })
  }

  /** Number of entries held (expired ones included until touched). */
  get size(): number {
    return this.map.size
  }
}

/** Cache key: sha256 over action, every command (raw and cwd), projectDir and agent. */
export function cacheKey(parts: { action: string; commands: { raw: string; cwd: string }[]; projectDir?: string; agent?: string }): string {
  // JSON keeps the fields unambiguous (no separator can be forged inside a command).
  return createHash("sha256")
    .update(JSON.stringify([parts.action, parts.commands.map((c) => [c.raw, c.cwd]), parts.projectDir ?? "", parts.agent ?? ""]))
    .digest("hex")
}
