// A bounded map whose entries expire: the one structure behind the allow cache and
// the plugin's per-call memory. Bounded, because nothing guarantees an entry is ever
// read back (a call that fails before running leaves its entry behind).

/** Map with a least-recently-used bound and a time-to-live per entry. */
export class ExpiringLru<V> {
  private readonly map = new Map<string, { value: V; expiresAt: number }>()

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The live value for `key` (now the most recently used), or undefined. */
  get(key: string): V | undefined {
    const e = this.map.get(key)
    if (e === undefined) return undefined
    if (e.expiresAt <= this.clock()) {
      this.map.delete(key)
      return undefined
    }
    this.map.delete(key)
    this.map.set(key, e)
    return e.value
  }

  /** Stores `value` for ttlMs, evicting least recently used entries beyond maxEntries. */
  set(key: string, value: V): void {
    if (this.maxEntries <= 0 || this.ttlMs <= 0) return
    this.map.delete(key)
    while (this.map.size >= this.maxEntries) {
      const oldest = this.map.keys().next()
      if (oldest.done) break
      this.map.delete(oldest.value)
    }
    this.map.set(key, { value, expiresAt: this.clock() + this.ttlMs })
  }

  /** Forgets `key`. */
  delete(key: string): void {
    this.map.delete(key)
  }

  /** Number of entries held (expired ones included until touched). */
  get size(): number {
    return this.map.size
  }
}
