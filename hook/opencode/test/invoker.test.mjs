// The invoker against fake checkers: every defect is {ok:false} (the caller degrades);
// only exit 0 with one valid verdict is {ok:true}.

import assert from "node:assert/strict"
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { after, before, describe, test } from "node:test"
import { CheckerInvoker } from "../dist/invoker.js"
import { PinGuard } from "../dist/pin.js"
import { letterOf, tempDir, waitFor, writeFakeChecker } from "./helpers.mjs"

let tmp
let fake
before(() => {
  tmp = tempDir()
  fake = writeFakeChecker(tmp.dir)
})
after(() => tmp.cleanup())

const invoker = (args, over = {}) =>
  new CheckerInvoker({
    command: [over.bin ?? fake, ...args],
    checkTimeoutMs: over.checkTimeoutMs ?? 5000,
    killGraceMs: over.killGraceMs ?? 100,
    maxConcurrentSpawns: over.maxConcurrentSpawns ?? 8,
    pin: over.pin ?? new PinGuard(over.bin ?? fake, null),
  })
const letter = letterOf(["ls", "git status"])

describe("well-formed verdicts", () => {
  for (const mode of ["allow", "ask", "deny"]) {
    test(mode, async () => {
      const r = await invoker([mode]).check(letter)
      assert.equal(r.ok, true, r.reason)
      assert.equal(r.verdict.verdict, mode)
      assert.equal(r.verdict.commands.length, 2)
    })
  }
  test("the checker runs with an empty environment", async () => {
    const r = await invoker(["env"]).check(letter)
    assert.equal(r.ok, true, r.reason)
    assert.deepEqual(JSON.parse(r.verdict.message), {})
  })
})

describe("checker defects degrade, none allows", () => {
  const cases = {
    exit3: /exited with status 3/,
    "stderr-exit": /exited with status 2 \(bad config: no rules\)/,
    garbage: /not one JSON document/,
    empty: /printed no verdict/,
    oversize: /larger than 65536 bytes/,
    "invalid-utf8": /not valid UTF-8/,
    "two-docs": /not one JSON document/,
    "not-object": /not a JSON object/,
    "wrong-id": /invocationId mismatch/,
    "missing-commands": /1 entries for 2 commands/,
    "extra-commands": /3 entries for 2 commands/,
    "no-commands-field": /commands is missing/,
    "wrong-index": /index is 1, expected 0/,
    "out-of-order": /index is 1, expected 0/,
    "deny-no-message": /deny without a message/,
    "deny-empty-message": /deny without a message/,
    "bad-word": /invalid verdict word "permit"/,
    "bad-command-word": /invalid verdict word "ALLOW"/,
    "aggregate-looser": /looser than a command's "deny"/,
    "message-too-long": /longer than 512 characters/,
    "facts-too-big": /facts is larger than 16384 bytes/,
  }
  for (const [mode, reason] of Object.entries(cases)) {
    test(mode, async () => {
      const r = await invoker([mode]).check(letter)
      assert.equal(r.ok, false, `accepted: ${JSON.stringify(r.verdict)}`)
      assert.match(r.reason, reason)
    })
  }

  test("a checker that never answers is timed out", async () => {
    const inv = invoker(["sleep"], { checkTimeoutMs: 300 })
    const t0 = Date.now()
    const r = await inv.check(letter)
    const ms = Date.now() - t0
    assert.equal(r.ok, false)
    assert.match(r.reason, /did not answer within 300 ms/)
    assert.ok(ms >= 290 && ms < 2000, `answered after ${ms} ms`)
    assert.ok(await waitFor(() => inv.running === 0), "the checker process was reaped")
  })

  test("a checker that prints a verdict and then hangs is timed out, not believed", async () => {
    const r = await invoker(["hang-after-output"], { checkTimeoutMs: 400 }).check(letter)
    assert.equal(r.ok, false)
    assert.match(r.reason, /did not answer within 400 ms/)
  })

  test("SIGTERM first, SIGKILL after killGraceMs", async () => {
    const pidFile = join(tmp.dir, "ignore-term.pid")
    const inv = invoker(["ignore-term", pidFile], { checkTimeoutMs: 300, killGraceMs: 400 })
    const r = await inv.check(letter)
    assert.equal(r.ok, false)
    const pid = Number(readFileSync(pidFile, "utf8"))
    const alive = () => { try { process.kill(pid, 0); return true } catch { return false } }
    // It ignores SIGTERM, so it is still alive within the grace period …
    assert.equal(alive(), true, "killed before the grace period ended")
    assert.equal(inv.running, 1, "its spawn slot is held until it is gone")
    // … and SIGKILL ends it after.
    assert.ok(await waitFor(() => !alive(), 3000), "never SIGKILLed")
    assert.ok(await waitFor(() => inv.running === 0))
  })

  test("a checker path that does not exist", async () => {
    const bin = join(tmp.dir, "nope", "shell-warden")
    const r = await invoker([], { bin }).check(letter)
    assert.equal(r.ok, false)
    assert.match(r.reason, /could not start the checker .*ENOENT/)
  })

  test("a checker that is not executable", async () => {
    const r = await invoker([], { bin: join(tmp.dir, "..") }).check(letter)
    assert.equal(r.ok, false)
    assert.match(r.reason, /could not start the checker/)
  })
})

describe("concurrency", () => {
  test("never more than maxConcurrentSpawns at once; the excess degrades without spawning", async () => {
    const inv = invoker(["sleep"], { checkTimeoutMs: 600, maxConcurrentSpawns: 2 })
    const running = [inv.check(letter), inv.check(letter)]
    const third = await inv.check(letter)
    assert.equal(third.ok, false)
    assert.match(third.reason, /more than 2 checks at once/)
    assert.equal(inv.spawnCount, 2)
    assert.ok(inv.running <= 2)
    await Promise.all(running)
    assert.ok(await waitFor(() => inv.running === 0))
    const again = await invoker(["allow"], { maxConcurrentSpawns: 2 }).check(letter)
    assert.equal(again.ok, true)
  })
})

describe("pin", () => {
  test("a pin mismatch degrades without spawning", async () => {
    const marker = join(tmp.dir, "spawned")
    const inv = invoker(["count", marker], { pin: new PinGuard(fake, "0".repeat(64)) })
    const r = await inv.check(letter)
    assert.equal(r.ok, false)
    assert.match(r.reason, /checker pin mismatch/)
    assert.equal(inv.spawnCount, 0)
    assert.equal(existsSync(marker), false)
  })
})
