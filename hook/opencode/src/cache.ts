// The allow-only verdict cache: a bounded LRU with a time-to-live.
// Only allows are stored: every deny goes to the checker again, so each attempt is
// counted by the reject budget and the agent always gets a fresh prescriptive message.
// Allows expire after ttlMs (default 0: nothing is cached), which bounds how long a
// tightened checker config can be ignored. A key covers everything the checker's
// answer depends on besides its own config (see `cacheKey`).

import { createHash } from "node:crypto"
import { ExpiringLru } from "./lru.js"

/** Allow-only LRU cache with a TTL; with ttlMs 0 it stores nothing. */
export class AllowCache {
  private readonly lru: ExpiringLru<{ message?: string }>

  constructor(maxEntries: number, ttlMs: number, clock: () => number = Date.now) {
    this.lru = new ExpiringLru(maxEntries, ttlMs, clock)
  }

  /** The cached allow for `key` (refreshing its LRU position), or null. */
  get(key: string): { message?: string } | null {
    return this.lru.get(key) ?? null
  }

  /** Remembers an allow — the only verdict this cache can hold. */
  putAllow(key: string, message?: string): void {
    this.lru.set(key, message === undefined ? {} : { message })
  }

  /** Number of entries held (expired ones included until touched). */
  get size(): number {
    return this.lru.size
  }
}

/** Cache key: sha256 over action, every command (raw and cwd), projectDir and agent. */
export function cacheKey(parts: { action: string; commands: { raw: string; cwd: string }[]; projectDir?: string; agent?: string }): string {
  // JSON keeps the fields unambiguous (no separator can be forged inside a command).
  return createHash("sha256")
    .update(JSON.stringify([parts.action, parts.commands.map((c) => [c.raw, c.cwd]), parts.projectDir ?? "", parts.agent ?? ""]))
    .digest("hex")
}
