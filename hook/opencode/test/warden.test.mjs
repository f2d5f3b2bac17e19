// The decision core: cache → bounds → checker → reject budget, and every degrade.

import assert from "node:assert/strict"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { after, before, describe, test } from "node:test"
import { validateOptions } from "../dist/config.js"
import { CheckerInvoker } from "../dist/invoker.js"
import { PinGuard } from "../dist/pin.js"
import { degradeMessage, Warden } from "../dist/warden.js"
import { tempDir, writeFakeChecker } from "./helpers.mjs"

let tmp
let fake
before(() => {
  tmp = tempDir()
  fake = writeFakeChecker(tmp.dir)
})
after(() => tmp.cleanup())

const configOf = (options) => {
  const r = validateOptions({ checker: { command: ["/bin/unused"] }, ...options }, {})
  assert.ok(r.ok)
  return r.config
}
const realWarden = (args, options = {}) => {
  const config = configOf(options)
  const invoker = new CheckerInvoker({ command: [fake, ...args], checkTimeoutMs: 5000, killGraceMs: 100, maxConcurrentSpawns: 8, pin: new PinGuard(fake, null) })
  const records = []
  const warden = new Warden(config, { invoker, log: () => {}, debug: (r) => records.push(r) })
  return { warden, invoker, records }
}
const req = (raws, over = {}) => ({ sessionID: "ses_1", callID: "call_1", messageID: "msg_1", projectDir: "/proj", action: "shell", commands: raws.map((raw) => ({ raw, cwd: "" })), ...over })

describe("verdicts", () => {
  test("allow, ask and deny from the checker", async () => {
    for (const mode of ["allow", "ask", "deny"]) {
      const d = await realWarden([mode]).warden.decide(req(["ls"]))
      assert.equal(d.verdict, mode)
      assert.equal(d.source, "checker")
      assert.equal(d.invocationId, "msg_1:call_1")
    }
  })
  test("a deny carries the checker's prescriptive message", async () => {
    const d = await realWarden(["deny"]).warden.decide(req(["rm -rf /"]))
    assert.equal(d.message, "refused by the test: run something else")
  })
})

describe("degrades: to onCheckerError, never allow, always with a message", () => {
  for (const onCheckerError of ["ask", "deny"]) {
    for (const mode of ["garbage", "exit3", "wrong-id", "bad-word", "deny-no-message", "empty"]) {
      test(`${mode} → ${onCheckerError}`, async () => {
        const d = await realWarden([mode], { onCheckerError }).warden.decide(req(["ls"]))
        assert.equal(d.verdict, onCheckerError)
        assert.equal(d.source, "degrade")
        assert.match(d.message, /^shell-warden could not check this command: .+; ask the user$/)
      })
    }
  }
  test("bounds breach degrades without spawning", async () => {
    const { warden, invoker } = realWarden(["allow"], { onCheckerError: "deny", budgets: { maxRequestCommands: 2 } })
    const d = await warden.decide(req(["a", "b", "c"]))
    assert.equal(d.verdict, "deny")
    assert.equal(d.message, degradeMessage("the request has 3 commands, more than 2"))
    assert.equal(invoker.spawnCount, 0)
    const big = await warden.decide(req(["€".repeat(2731)]))
    assert.match(big.message, /8193 bytes, more than 8192/)
  })
  test("an invoker that throws still degrades", async () => {
    const w = new Warden(configOf({ onCheckerError: "deny" }), { invoker: { check: async () => { throw new Error("boom") } }, log: () => {} })
    const d = await w.decide(req(["ls"]))
    assert.equal(d.verdict, "deny")
    assert.match(d.message, /internal error: Error: boom/)
  })
})

describe("allow-only cache", () => {
  test("an allow is cached for ttlMs: no second spawn", async () => {
    const counter = join(tmp.dir, "count-cache")
    const { warden, invoker } = realWarden(["count", counter], { cache: { ttlMs: 60_000 } })
    assert.equal((await warden.decide(req(["ls"]))).source, "checker")
    const second = await warden.decide(req(["ls"], { callID: "call_2" }))
    assert.equal(second.verdict, "allow")
    assert.equal(second.source, "cache")
    assert.equal(second.invocationId, "msg_1:call_2")
    assert.equal(invoker.spawnCount, 1)
    assert.equal(readFileSync(counter, "utf8"), "spawn\n")
    assert.equal((await warden.decide(req(["ls -l"]))).source, "checker", "another command is checked")
  })
  test("denies and asks are never cached", async () => {
    for (const mode of ["deny", "ask"]) {
      const { warden, invoker } = realWarden([mode], { cache: { ttlMs: 60_000 }, rejectBudget: { maxRejections: 10 } })
      await warden.decide(req(["x"]))
      await warden.decide(req(["x"]))
      assert.equal(invoker.spawnCount, 2)
    }
  })
  test("ttlMs 0 (the default) caches nothing", async () => {
    const { warden, invoker } = realWarden(["allow"])
    await warden.decide(req(["ls"]))
    await warden.decide(req(["ls"]))
    assert.equal(invoker.spawnCount, 2)
  })
  test("cache.enabled false caches nothing", async () => {
    const { warden, invoker } = realWarden(["allow"], { cache: { enabled: false, ttlMs: 60_000 } })
    await warden.decide(req(["ls"]))
    await warden.decide(req(["ls"]))
    assert.equal(invoker.spawnCount, 2)
  })
})

describe("reject budget", () => {
  test("keyed on the deciding command's ruleId; exhausted → ask (the user decides), never allow", async () => {
    const { warden, records } = realWarden(["rules"], { rejectBudget: { maxRejections: 2 } })
    // The worst command decides: "rm" (deny, rule.rm), not the first command (allow, rule.ok).
    const run = () => warden.decide(req(["ls", "rm -rf build"]))
    const a = await run()
    const b = await run()
    const c = await run()
    assert.deepEqual([a.verdict, b.verdict, c.verdict], ["deny", "deny", "ask"])
    assert.deepEqual([a.ruleId, b.ruleId, c.ruleId], ["rule.rm", "rule.rm", "rule.rm"])
    assert.equal(c.source, "budget")
    assert.match(c.message, /rule rule\.rm has refused commands 2 times in this session \(rm is refused by the test/)
    assert.deepEqual(records.map((r) => r.ruleId), ["rule.rm", "rule.rm", "rule.rm"])
    // Another session has its own budget.
    assert.equal((await warden.decide(req(["rm x"], { sessionID: "ses_2" }))).verdict, "deny")
  })
  test("an ask verdict does not spend the budget", async () => {
    const { warden } = realWarden(["rules"], { rejectBudget: { maxRejections: 1 } })
    for (let i = 0; i < 3; i++) assert.equal((await warden.decide(req(["curl x"]))).verdict, "ask")
    assert.equal((await warden.decide(req(["rm x"]))).verdict, "deny")
  })
})

describe("debug records", () => {
  test("one record per decision, with what decided it", async () => {
    const { warden, records } = realWarden(["garbage"], { onCheckerError: "deny" })
    await warden.decide(req(["ls"]))
    assert.equal(records.length, 1)
    assert.equal(records[0].event, "check")
    assert.equal(records[0].verdict, "deny")
    assert.equal(records[0].source, "degrade")
    assert.match(records[0].reason, /not one JSON document/)
    assert.deepEqual(records[0].commands, ["ls"])
  })
})
