import assert from "node:assert/strict"
import { describe, test } from "node:test"
import { INT_OPTIONS, validateOptions } from "../dist/config.js"

const BIN = "/opt/shell-warden/bin/shell-warden"
const base = (extra = {}) => ({ checker: { command: [BIN] }, ...extra })
const ok = (raw, env = {}) => {
  const r = validateOptions(raw, env)
  assert.equal(r.ok, true, r.ok ? "" : r.reason)
  return r
}
const fatal = (raw, pattern, env = {}) => {
  const r = validateOptions(raw, env)
  assert.equal(r.ok, false, "expected a fatal configuration error")
  assert.match(r.reason, pattern)
  return r
}

describe("defaults", () => {
  test("only checker.command given: every other option takes the seed's default", () => {
    const { config, warnings } = ok(base())
    assert.deepEqual(warnings, [])
    assert.deepEqual(config, {
      enabled: true,
      checker: { command: [BIN], sha256: null },
      budgets: { checkTimeoutMs: 2000, killGraceMs: 250, maxRequestCommands: 32, maxConcurrentSpawns: 8 },
      onCheckerError: "ask",
      checkShell: true,
      cache: { enabled: true, maxEntries: 1024, ttlMs: 0 },
      rejectBudget: { maxRejections: 3, windowMs: 1_800_000 },
      asConfig: { observeShell: false },
      debug: { enabled: false, dir: null },
      logLevel: "warn",
    })
  })
})

describe("checker (fatal cases)", () => {
  test("missing options, missing checker, non-object checker", () => {
    fatal(undefined, /checker.command must be a non-empty array/)
    fatal({}, /checker.command must be a non-empty array/)
    fatal({ checker: "x" }, /checker must be an object/)
    fatal({ checker: [BIN] }, /checker must be an object/)
  })
  test("command not a non-empty string array", () => {
    fatal({ checker: { command: BIN } }, /non-empty array of strings/)
    fatal({ checker: { command: [] } }, /non-empty array of strings/)
    fatal({ checker: { command: [BIN, 3] } }, /non-empty array of strings/)
  })
  test("command[0] must be absolute", () => {
    fatal({ checker: { command: ["shell-warden"] } }, /absolute path, got "shell-warden"/)
    fatal({ checker: { command: ["./bin/shell-warden"] } }, /absolute path/)
  })
  test("{env:NAME} substitution of whole members; unset or empty is fatal", () => {
    const { config } = ok({ checker: { command: ["{env:SW_BIN}", "--config", "{env:SW_CFG}", "x{env:NOT_WHOLE}"] } }, { SW_BIN: BIN, SW_CFG: "/etc/sw.jsonc" })
    assert.deepEqual(config.checker.command, [BIN, "--config", "/etc/sw.jsonc", "x{env:NOT_WHOLE}"])
    fatal({ checker: { command: ["{env:SW_BIN}"] } }, /names an unset or empty environment variable/, {})
    fatal({ checker: { command: ["{env:SW_BIN}"] } }, /unset or empty/, { SW_BIN: "" })
    fatal({ checker: { command: [BIN, "{env:MISSING}"] } }, /"\{env:MISSING\}"/, {})
    fatal({ checker: { command: ["{env:REL}"] } }, /absolute path, got "rel"/, { REL: "rel" })
  })
  test("sha256: null, absent or 64 lowercase hex; anything else is fatal", () => {
    const hex = "a".repeat(64)
    assert.equal(ok({ checker: { command: [BIN], sha256: hex } }).config.checker.sha256, hex)
    assert.equal(ok({ checker: { command: [BIN], sha256: null } }).config.checker.sha256, null)
    for (const bad of ["A".repeat(64), "a".repeat(63), "a".repeat(65), "g".repeat(64), 123, true, ""]) {
      fatal({ checker: { command: [BIN], sha256: bad } }, /sha256 must be null or 64 lowercase hex/)
    }
  })
  test("unknown checker keys warn", () => {
    assert.deepEqual(ok({ checker: { command: [BIN], args: [] } }).warnings, ['unknown option "checker.args" ignored'])
  })
})

describe("onCheckerError", () => {
  test("ask and deny are taken", () => {
    assert.equal(ok(base({ onCheckerError: "deny" })).config.onCheckerError, "deny")
    assert.equal(ok(base({ onCheckerError: "ask" })).config.onCheckerError, "ask")
  })
  test('"allow" is fatal', () => {
    fatal(base({ onCheckerError: "allow" }), /never "allow"/)
  })
  test("anything else warns and uses ask", () => {
    for (const bad of ["Deny", "", 1, null]) {
      const r = ok(base({ onCheckerError: bad }))
      assert.equal(r.config.onCheckerError, "ask")
      assert.match(r.warnings[0], /onCheckerError .* is not "ask" or "deny"; using "ask"/)
    }
  })
})

describe("integer options: defaults, clamps, wrong types", () => {
  for (const [name, spec] of Object.entries(INT_OPTIONS)) {
    const [section, key] = name.split(".")
    const read = (config) => config[section][key]
    const withValue = (v) => base({ [section]: { [key]: v } })
    test(`${name}: default ${spec.def}, range ${spec.min}..${spec.max}`, () => {
      assert.equal(read(ok(base()).config), spec.def)
      assert.equal(read(ok(withValue(spec.min)).config), spec.min)
      assert.equal(read(ok(withValue(spec.max)).config), spec.max)
      const low = ok(withValue(spec.min - 1))
      assert.equal(read(low.config), spec.min)
      assert.deepEqual(low.warnings, [`${name} ${spec.min - 1} is below ${spec.min}; clamped to ${spec.min}`])
      const high = ok(withValue(spec.max + 1))
      assert.equal(read(high.config), spec.max)
      assert.deepEqual(high.warnings, [`${name} ${spec.max + 1} is above ${spec.max}; clamped to ${spec.max}`])
      for (const bad of ["100", 1.5, null, true]) {
        const r = ok(withValue(bad))
        assert.equal(read(r.config), spec.def)
        assert.deepEqual(r.warnings, [`${name} must be an integer; using ${spec.def}`])
      }
    })
  }
  test("the seed's numbers", () => {
    assert.deepEqual(INT_OPTIONS["budgets.checkTimeoutMs"], { def: 2000, min: 100, max: 30000 })
    assert.deepEqual(INT_OPTIONS["budgets.killGraceMs"], { def: 250, min: 50, max: 2000 })
    assert.deepEqual(INT_OPTIONS["budgets.maxRequestCommands"], { def: 32, min: 1, max: 128 })
    assert.deepEqual(INT_OPTIONS["budgets.maxConcurrentSpawns"], { def: 8, min: 1, max: 64 })
    assert.deepEqual(INT_OPTIONS["cache.maxEntries"], { def: 1024, min: 16, max: 100000 })
    assert.deepEqual(INT_OPTIONS["cache.ttlMs"], { def: 0, min: 0, max: 3600000 })
    assert.deepEqual(INT_OPTIONS["rejectBudget.maxRejections"], { def: 3, min: 1, max: 10 })
    assert.deepEqual(INT_OPTIONS["rejectBudget.windowMs"], { def: 1800000, min: 60000, max: 86400000 })
  })
})

describe("booleans", () => {
  test("enabled: true by default, false honoured, a non-boolean warns and keeps the guard on", () => {
    assert.equal(ok(base({ enabled: false })).config.enabled, false)
    const r = ok(base({ enabled: "no" }))
    assert.equal(r.config.enabled, true)
    assert.deepEqual(r.warnings, ["enabled must be true or false; using true"])
  })
  test("cache.enabled, asConfig.observeShell, debug.enabled", () => {
    assert.equal(ok(base({ cache: { enabled: false } })).config.cache.enabled, false)
    assert.equal(ok(base({ asConfig: { observeShell: true } })).config.asConfig.observeShell, true)
    assert.equal(ok(base({ debug: { enabled: true } })).config.debug.enabled, true)
    assert.equal(ok(base({ debug: { enabled: 1 } })).config.debug.enabled, false)
    assert.equal(ok(base({ debug: { enabled: 1 } })).warnings.length, 1)
  })
})

describe("actions", () => {
  test('default ["shell"]; "shell", "*" and ["*"] check shell commands', () => {
    assert.equal(ok(base()).config.checkShell, true)
    assert.equal(ok(base({ actions: ["shell"] })).config.checkShell, true)
    assert.equal(ok(base({ actions: "*" })).config.checkShell, true)
    assert.equal(ok(base({ actions: ["*"] })).config.checkShell, true)
  })
  test("without shell nothing is checked, and that is warned about", () => {
    const r = ok(base({ actions: ["edit"] }))
    assert.equal(r.config.checkShell, false)
    assert.deepEqual(r.warnings, ['actions: "edit" is not an action this hook sees in OpenCode (only "shell"); ignored', 'actions does not contain "shell": no shell command will be checked'])
    assert.equal(ok(base({ actions: [] })).config.checkShell, false)
  })
  test("a non-array warns and falls back to shell", () => {
    const r = ok(base({ actions: "shell" }))
    assert.equal(r.config.checkShell, true)
    assert.match(r.warnings[0], /actions must be an array/)
    assert.match(ok(base({ actions: ["shell", 7] })).warnings[0], /7 is not a string/)
  })
})

describe("debug, logLevel, unknown keys", () => {
  test("debug.dir must be absolute", () => {
    assert.equal(ok(base({ debug: { dir: "/var/log/sw" } })).config.debug.dir, "/var/log/sw")
    const r = ok(base({ debug: { dir: "logs" } }))
    assert.equal(r.config.debug.dir, null)
    assert.deepEqual(r.warnings, ["debug.dir must be an absolute path; ignored"])
  })
  test("logLevel", () => {
    for (const l of ["debug", "info", "warn", "error"]) assert.equal(ok(base({ logLevel: l })).config.logLevel, l)
    const r = ok(base({ logLevel: "verbose" }))
    assert.equal(r.config.logLevel, "warn")
    assert.match(r.warnings[0], /logLevel "verbose" is not one of/)
  })
  test("unknown keys at every level are warned about and ignored", () => {
    const r = ok({
      checker: { command: [BIN] },
      color: "red",
      budgets: { checkTimeout: 5 },
      cache: { ttl: 5 },
      rejectBudget: { max: 1 },
      asConfig: { x: 1 },
      debug: { file: "/x" },
    })
    assert.deepEqual(r.warnings, [
      'unknown option "color" ignored',
      'unknown option "budgets.checkTimeout" ignored',
      'unknown option "cache.ttl" ignored',
      'unknown option "rejectBudget.max" ignored',
      'unknown option "asConfig.x" ignored',
      'unknown option "debug.file" ignored',
    ])
  })
  test("a section that is not an object is ignored with a warning", () => {
    const r = ok(base({ budgets: 5 }))
    assert.equal(r.config.budgets.checkTimeoutMs, 2000)
    assert.deepEqual(r.warnings, ["budgets must be an object; ignored"])
  })
  test("options that are not an object are reported, then checker is missing", () => {
    const r = fatal("x", /checker.command/)
    assert.deepEqual(r.warnings, ["options must be an object; ignored"])
  })
})
