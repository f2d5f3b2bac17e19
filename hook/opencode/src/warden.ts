// The decision for one request, independent of OpenCode: cache → bounds → checker →
// reject budget. Every path that is not a well-formed checker verdict degrades to
// `onCheckerError` (ask or deny); nothing but a checker allow (fresh or cached) allows.

import { AllowCache, cacheKey } from "./cache.js"
import { RejectBudgets } from "./budget.js"
import type { Config } from "./config.js"
import type { CheckerInvoker } from "./invoker.js"
import { buildLetter, invocationIdOf, letterBoundsBreach, type CheckRequest } from "./letter.js"
import type { DebugSink, Logger } from "./log.js"
import type { Verdict } from "./types.js"
import { decidingRuleId } from "./verdict.js"

/** Where a decision came from. */
export type DecisionSource = "checker" | "cache" | "degrade" | "budget"

/** What the hook does with one request. */
export interface Decision {
  verdict: Verdict
  /**
   * For deny: the prescriptive text the agent receives. For ask: why a person should
   * decide (shown to the agent if no person can be asked).
   */
  message?: string
  source: DecisionSource
  invocationId: string
  /** The deciding rule, for checker and budget decisions. */
  ruleId?: string
}

/** What a Warden needs besides its config. */
export interface WardenDeps {
  invoker: Pick<CheckerInvoker, "check">
  log: Logger
  debug?: DebugSink | null
  clock?: () => number
}

/** The message a degrade carries (the seed's deny-degrade had none). */
export function degradeMessage(reason: string): string {
  return `shell-warden could not check this command: ${reason}; ask the user`
}

/** Decides allow / ask / deny for requests, owning the cache and reject budgets. */
export class Warden {
  private readonly cache: AllowCache | null
  private readonly budgets: RejectBudgets
  private readonly clock: () => number

  constructor(
    private readonly config: Config,
    private readonly deps: WardenDeps,
  ) {
    this.clock = deps.clock ?? Date.now
    const c = config.cache
    this.cache = c.enabled && c.ttlMs > 0 ? new AllowCache(c.maxEntries, c.ttlMs, this.clock) : null
    this.budgets = new RejectBudgets(config.rejectBudget.maxRejections, config.rejectBudget.windowMs, this.clock)
  }

  /** Decides one request. Never throws. */
  async decide(req: CheckRequest): Promise<Decision> {
    const started = this.clock()
    let decision: Decision
    let reason: string | undefined
    try {
      ;({ decision, reason } = await this.decideInner(req))
    } catch (e) {
      // A bug here must not become an allow.
      reason = `internal error: ${String(e).slice(0, 200)}`
      decision = this.degrade(req, reason)
    }
    this.deps.debug?.({
      event: "check",
      invocationId: decision.invocationId,
      sessionID: req.sessionID,
      callID: req.callID,
      commands: req.commands.map((c) => c.raw),
      verdict: decision.verdict,
      source: decision.source,
      ...(decision.ruleId !== undefined ? { ruleId: decision.ruleId } : {}),
      ...(reason !== undefined ? { reason } : {}),
      ms: this.clock() - started,
    })
    return decision
  }

  private async decideInner(req: CheckRequest): Promise<{ decision: Decision; reason?: string }> {
    const letter = buildLetter(req)
    const invocationId = letter.invocation.id
    const key = this.cache ? cacheKey({ ...req, commands: letter.commands }) : null

    if (this.cache && key) {
      const hit = this.cache.get(key)
      if (hit) return { decision: { verdict: "allow", source: "cache", invocationId, ...hit } }
    }

    const breach = letterBoundsBreach(letter, this.config.budgets.maxRequestCommands)
    if (breach !== null) return this.degraded(req, breach)

    const outcome = await this.deps.invoker.check(letter)
    if (!outcome.ok) return this.degraded(req, outcome.reason)

    const v = outcome.verdict
    const ruleId = decidingRuleId(v)
    const message = v.message !== undefined ? { message: v.message } : {}
    if (v.verdict === "allow") {
      if (this.cache && key) this.cache.putAllow(key, v.message)
      return { decision: { verdict: "allow", source: "checker", invocationId, ruleId, ...message } }
    }
    if (v.verdict === "ask") return { decision: { verdict: "ask", source: "checker", invocationId, ruleId, ...message } }

    if (this.budgets.trySpend(req.sessionID, ruleId)) {
      return { decision: { verdict: "deny", source: "checker", invocationId, ruleId, ...message } }
    }
    this.deps.log("info", `reject budget of rule ${ruleId} exhausted in session ${req.sessionID}: the user decides`)
    return {
      decision: {
        verdict: "ask",
        source: "budget",
        invocationId,
        ruleId,
        message: `rule ${ruleId} has refused commands ${this.config.rejectBudget.maxRejections} times in this session (${v.message})`,
      },
    }
  }

  private degraded(req: CheckRequest, reason: string): { decision: Decision; reason: string } {
    this.deps.log("warn", `degrade to ${this.config.onCheckerError}: ${reason}`)
    return { decision: this.degrade(req, reason), reason }
  }

  /** The degrade decision for a request that cannot be checked at all. */
  degrade(req: CheckRequest, reason: string): Decision {
    return {
      verdict: this.config.onCheckerError,
      source: "degrade",
      invocationId: invocationIdOf(req),
      message: degradeMessage(reason),
    }
  }
}
