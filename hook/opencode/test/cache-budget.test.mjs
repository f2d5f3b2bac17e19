import assert from "node:assert/strict"
import { describe, test } from "node:test"
import { RejectBudgets } from "../dist/budget.js"
import { AllowCache, cacheKey } from "../dist/cache.js"

const clock = (t = 0) => {
  const c = () => c.now
  c.now = t
  return c
}

describe("allow cache", () => {
  test("entries live ttlMs", () => {
    const now = clock()
    const c = new AllowCache(16, 1000, now)
    c.putAllow("k", "fine")
    assert.deepEqual(c.get("k"), { message: "fine" })
    now.now = 999
    assert.deepEqual(c.get("k"), { message: "fine" })
    now.now = 1000
    assert.equal(c.get("k"), null)
    assert.equal(c.size, 0)
  })
  test("ttlMs 0 stores nothing", () => {
    const c = new AllowCache(16, 0, clock())
    c.putAllow("k")
    assert.equal(c.get("k"), null)
  })
  test("LRU bound: the least recently used entry goes first", () => {
    const c = new AllowCache(3, 10_000, clock())
    c.putAllow("a")
    c.putAllow("b")
    c.putAllow("c")
    assert.ok(c.get("a")) // a is now most recent
    c.putAllow("d") // evicts b
    assert.equal(c.get("b"), null)
    assert.ok(c.get("a") && c.get("c") && c.get("d"))
    assert.equal(c.size, 3)
  })
  test("the key covers action, every command with its cwd, projectDir and agent", () => {
    const k = { action: "shell", commands: [{ raw: "ls", cwd: "" }], projectDir: "/p", agent: "build" }
    const base = cacheKey(k)
    assert.equal(cacheKey({ ...k }), base)
    assert.notEqual(cacheKey({ ...k, action: "x" }), base)
    assert.notEqual(cacheKey({ ...k, commands: [{ raw: "ls", cwd: "/tmp" }] }), base)
    assert.notEqual(cacheKey({ ...k, commands: [{ raw: "ls ", cwd: "" }] }), base)
    assert.notEqual(cacheKey({ ...k, projectDir: "/q" }), base)
    assert.notEqual(cacheKey({ ...k, agent: "plan" }), base)
    // No separator can be forged across commands.
    assert.notEqual(cacheKey({ ...k, commands: [{ raw: "a", cwd: "" }, { raw: "b", cwd: "" }] }), cacheKey({ ...k, commands: [{ raw: "a\u0000\u0000b", cwd: "" }] }))
  })
})

describe("reject budget", () => {
  test("maxRejections per rule per session, then exhausted", () => {
    const b = new RejectBudgets(3, 60_000, clock())
    assert.deepEqual([1, 2, 3, 4, 5].map(() => b.trySpend("s1", "rule.rm")), [true, true, true, false, false])
    assert.equal(b.trySpend("s1", "rule.other"), true, "another rule has its own budget")
    assert.equal(b.trySpend("s2", "rule.rm"), true, "another session has its own budget")
  })
  test("a new window after windowMs without attempts", () => {
    const now = clock()
    const b = new RejectBudgets(1, 60_000, now)
    assert.equal(b.trySpend("s", "r"), true)
    now.now = 30_000
    assert.equal(b.trySpend("s", "r"), false) // exhausted; window extended to 90_000
    now.now = 89_999
    assert.equal(b.trySpend("s", "r"), false) // still retrying: extended to 149_999
    now.now = 149_999
    assert.equal(b.trySpend("s", "r"), true) // quiet for a whole window
  })
  test("keys cannot collide across session and rule", () => {
    const b = new RejectBudgets(1, 60_000, clock())
    assert.equal(b.trySpend("a\u0000b", "c"), true)
    assert.equal(b.trySpend("a", "b\u0000c"), true)
  })
})
