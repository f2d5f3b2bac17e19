// The reject budget: how many times one rule may refuse commands in one session
// within a window before the hook stops refusing on its own and hands the question to
// the user (the decision becomes "ask", never "allow").

/** Rejections counted per (sessionID, ruleId) in a sliding-from-first window. */
export class RejectBudgets {
  private readonly spent = new Map<string, { count: number; until: number }>()

  constructor(
    private readonly maxRejections: number,
    private readonly windowMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * Spends one rejection of `ruleId` in `sessionID`. True when the hook may still
   * reject on its own; false once the budget is exhausted. An exhausted budget stays
   * exhausted while attempts keep coming within the window.
   */
  trySpend(sessionID: string, ruleId: string): boolean {
    const now = this.clock()
    const key = JSON.stringify([sessionID, ruleId])
    const cur = this.spent.get(key)
    if (cur === undefined || cur.until <= now) {
      this.prune(now)
      this.spent.set(key, { count: 1, until: now + this.windowMs })
      return this.maxRejections >= 1
    }
    cur.count++
    if (cur.count > this.maxRejections) {
      cur.until = now + this.windowMs
      return false
    }
    return true
  }

  // Forget expired windows so long sessions with many rules stay small.
  private prune(now: number): void {
    for (const [k, v] of this.spent) if (v.until <= now) this.spent.delete(k)
  }
}
