import assert from "node:assert/strict"
import { describe, test } from "node:test"
import { buildLetter, invocationIdOf, letterBoundsBreach } from "../dist/letter.js"
import { decidingRuleId, parseVerdict } from "../dist/verdict.js"
import { letterOf } from "./helpers.mjs"

describe("letter", () => {
  test("exactly the protocol's fields; optional ones only when known", () => {
    assert.deepEqual(buildLetter({ sessionID: "s", callID: "c", messageID: "m", action: "shell", commands: [{ raw: "ls", cwd: "" }] }), {
      version: 1,
      invocation: { id: "m:c", sessionID: "s" },
      action: "shell",
      commands: [{ index: 0, raw: "ls", cwd: "" }],
    })
    const full = buildLetter({ sessionID: "s", callID: "c", messageID: "m", agent: "build", projectDir: "/p", action: "shell", commands: [{ raw: "a", cwd: "/p/sub" }, { raw: "b", cwd: "" }] })
    assert.deepEqual(full.invocation, { id: "m:c", sessionID: "s", agent: "build", projectDir: "/p" })
    assert.deepEqual(full.commands.map((c) => c.index), [0, 1])
  })
  test("invocation id: <messageID>:<callID>, else anon:<sessionID>:<action>", () => {
    assert.equal(invocationIdOf({ messageID: "msg_1", callID: "call_7", sessionID: "s", action: "shell" }), "msg_1:call_7")
    assert.equal(invocationIdOf({ callID: "call_7", sessionID: "ses_1", action: "shell" }), "anon:ses_1:shell")
    assert.equal(invocationIdOf({ messageID: "m", sessionID: "ses_1", action: "shell" }), "anon:ses_1:shell")
  })
  test("bounds are UTF-8 bytes, not UTF-16 units", () => {
    const euro = "€".repeat(2731) // 2731 UTF-16 units, 8193 bytes
    assert.ok(euro.length < 8192)
    assert.match(letterBoundsBreach(letterOf([euro]), 32), /command 0 is 8193 bytes, more than 8192/)
    assert.equal(letterBoundsBreach(letterOf(["€".repeat(2730)]), 32), null) // 8190 bytes
    assert.equal(letterBoundsBreach(letterOf(["x".repeat(8192)]), 32), null)
    assert.match(letterBoundsBreach(letterOf(["x".repeat(8193)]), 32), /8193 bytes/)
  })
  test("whole letter ≤ 64 KiB in bytes", () => {
    const eight = "é".repeat(4000) // 8000 bytes each
    assert.match(letterBoundsBreach(letterOf(Array(9).fill(eight)), 32), /the letter is \d+ bytes, more than 65536/)
    assert.equal(letterBoundsBreach(letterOf(Array(7).fill(eight)), 32), null)
  })
  test("command count: maxRequestCommands, never above 128, never zero", () => {
    assert.match(letterBoundsBreach(letterOf(Array(33).fill("ls")), 32), /33 commands, more than 32/)
    assert.equal(letterBoundsBreach(letterOf(Array(32).fill("ls")), 32), null)
    assert.match(letterBoundsBreach(letterOf(Array(129).fill("ls")), 500), /more than 128/)
    assert.match(letterBoundsBreach(letterOf([]), 32), /no command/)
  })
})

const letter = letterOf(["ls", "rm -rf build"])
const good = (over = {}) => ({
  invocationId: "msg_1:call_1",
  verdict: "deny",
  message: "rm -rf is refused: remove build with make clean",
  commands: [
    { index: 0, verdict: "allow", ruleId: "r.ls", classification: "static", match: "argv", facts: { segments: [] } },
    { index: 1, verdict: "deny", ruleId: "r.rm", classification: "opaque", match: "raw" },
  ],
  ...over,
})
const parse = (v) => parseVerdict(letter, Buffer.from(typeof v === "string" ? v : JSON.stringify(v)))
const bad = (v, pattern) => {
  const r = parse(v)
  assert.equal(r.ok, false, `accepted ${JSON.stringify(v)}`)
  assert.match(r.reason, pattern)
}

describe("verdict parsing", () => {
  test("a well-formed verdict is accepted with its commands", () => {
    const r = parse(good())
    assert.equal(r.ok, true)
    assert.equal(r.verdict.verdict, "deny")
    assert.equal(r.verdict.commands[1].ruleId, "r.rm")
    assert.equal(parse(JSON.stringify(good()) + "\n").ok, true, "a trailing newline is fine")
  })
  test("stdout that is not exactly one JSON object", () => {
    bad("", /printed no verdict/)
    bad("nope", /not one JSON document/)
    bad(JSON.stringify(good()) + JSON.stringify(good()), /not one JSON document/)
    bad("[1]", /not a JSON object/)
    bad("null", /not a JSON object/)
    const r = parseVerdict(letter, Buffer.from([0x7b, 0xff, 0x7d]))
    assert.match(r.reason, /not valid UTF-8/)
    assert.match(parseVerdict(letter, Buffer.alloc(64 * 1024 + 1, 0x20)).reason, /larger than 65536 bytes/)
  })
  test("identity and words", () => {
    bad(good({ invocationId: "msg_1:call_2" }), /invocationId mismatch/)
    bad(good({ invocationId: undefined }), /invocationId mismatch/)
    bad(good({ verdict: "permit" }), /invalid verdict word "permit"/)
    bad(good({ verdict: "DENY" }), /invalid verdict word/)
    bad(good({ commands: [{ index: 0, verdict: "ok" }, { index: 1, verdict: "deny" }] }), /invalid verdict word "ok" in commands\[0\]/)
  })
  test("deny needs a non-empty message ≤ 512 characters", () => {
    bad(good({ message: undefined }), /deny without a message/)
    bad(good({ message: " " }), /deny without a message/)
    bad(good({ message: 5 }), /not a string/)
    bad(good({ message: "x".repeat(513) }), /longer than 512 characters/)
    assert.equal(parse(good({ message: "😀".repeat(512) })).ok, true, "512 characters of 2 UTF-16 units each")
    const allow = { invocationId: "msg_1:call_1", verdict: "allow", commands: [{ index: 0, verdict: "allow" }, { index: 1, verdict: "allow" }] }
    assert.equal(parse(allow).ok, true, "message optional on allow")
  })
  test("commands: one per letter command, same order, same index", () => {
    const [c0, c1] = good().commands
    bad(good({ commands: undefined }), /commands is missing/)
    bad(good({ commands: [c0] }), /1 entries for 2 commands/)
    bad(good({ commands: [c0, c1, { ...c1, index: 2 }] }), /3 entries for 2 commands/)
    bad(good({ commands: [c1, c0] }), /commands\[0\].index is 1, expected 0/)
    bad(good({ commands: [c0, { ...c1, index: 5 }] }), /commands\[1\].index is 5, expected 1/)
    bad(good({ commands: [c0, { ...c1, index: "1" }] }), /index is "1"/)
    bad(good({ commands: [c0, null] }), /commands\[1\] is not an object/)
  })
  test("per-command field types and the facts bound", () => {
    const [c0, c1] = good().commands
    bad(good({ commands: [{ ...c0, ruleId: 3 }, c1] }), /ruleId is not a string/)
    bad(good({ commands: [{ ...c0, classification: "dynamic" }, c1] }), /classification is invalid/)
    bad(good({ commands: [{ ...c0, match: "regex" }, c1] }), /match is invalid/)
    bad(good({ commands: [{ ...c0, facts: { pad: "é".repeat(8200) } }, c1] }), /facts is larger than 16384 bytes/)
  })
  test("tighten-only: an aggregate looser than a command is a defect; a stricter one stands", () => {
    bad(good({ verdict: "ask", message: "hm" }), /aggregate verdict "ask" is looser than a command's "deny"/)
    const stricter = parse({ invocationId: "msg_1:call_1", verdict: "ask", commands: [{ index: 0, verdict: "allow" }, { index: 1, verdict: "allow" }] })
    assert.equal(stricter.ok, true)
    assert.equal(stricter.verdict.verdict, "ask")
  })
})

describe("deciding rule", () => {
  test("is the ruleId of the (first) command whose verdict is the aggregate", () => {
    assert.equal(decidingRuleId(parse(good()).verdict), "r.rm")
    const v = { invocationId: "x", verdict: "ask", commands: [{ index: 0, verdict: "allow", ruleId: "a" }, { index: 1, verdict: "ask", ruleId: "b" }, { index: 2, verdict: "ask", ruleId: "c" }] }
    assert.equal(decidingRuleId(v), "b")
  })
  test('"unknown" when that command names none', () => {
    assert.equal(decidingRuleId({ invocationId: "x", verdict: "deny", message: "m", commands: [{ index: 0, verdict: "deny" }] }), "unknown")
    assert.equal(decidingRuleId({ invocationId: "x", verdict: "deny", message: "m", commands: [{ index: 0, verdict: "allow", ruleId: "a" }] }), "unknown")
  })
})
