// Strict parsing of the checker's stdout into a verdict. Anything that is not exactly
// one well-formed verdict for this letter is a checker defect: the caller degrades.
// This parser never repairs, guesses or defaults a verdict word.

import {
  isVerdict,
  MAX_FACTS_BYTES,
  MAX_MESSAGE_CHARS,
  MAX_VERDICT_BYTES,
  utf8Bytes,
  worse,
  type CheckerVerdict,
  type CommandVerdict,
  type Letter,
  type Verdict,
} from "./types.js"

/** A parsed verdict, or the defect that made it unusable. */
export type ParseResult = { ok: true; verdict: CheckerVerdict } | { ok: false; reason: string }

const strictUtf8 = new TextDecoder("utf-8", { fatal: true })

/** Parses and validates the checker's whole stdout against the letter it answers. */
export function parseVerdict(letter: Letter, stdout: Uint8Array): ParseResult {
  const fail = (reason: string): ParseResult => ({ ok: false, reason })
  if (stdout.byteLength === 0) return fail("the checker printed no verdict")
  if (stdout.byteLength > MAX_VERDICT_BYTES) return fail(`the verdict is larger than ${MAX_VERDICT_BYTES} bytes`)
  let text: string
  try {
    text = strictUtf8.decode(stdout)
  } catch {
    return fail("the verdict is not valid UTF-8")
  }
  let value: unknown
  try {
    value = JSON.parse(text) // one JSON value, surrounding whitespace only
  } catch {
    return fail("the verdict is not one JSON document")
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return fail("the verdict is not a JSON object")
  const v = value as Record<string, unknown>

  if (v.invocationId !== letter.invocation.id) return fail("the verdict answers another invocation (invocationId mismatch)")
  if (!isVerdict(v.verdict)) return fail(`invalid verdict word ${JSON.stringify(v.verdict)}`)
  const verdict: Verdict = v.verdict

  let message: string | undefined
  if (v.message !== undefined) {
    if (typeof v.message !== "string") return fail("verdict.message is not a string")
    if ([...v.message].length > MAX_MESSAGE_CHARS) return fail(`verdict.message is longer than ${MAX_MESSAGE_CHARS} characters`)
    message = v.message
  }
  if (verdict === "deny" && (message === undefined || message.trim() === "")) return fail("a deny without a message")

  if (!Array.isArray(v.commands)) return fail("verdict.commands is missing")
  if (v.commands.length !== letter.commands.length) {
    return fail(`verdict.commands has ${v.commands.length} entries for ${letter.commands.length} commands`)
  }
  const commands: CommandVerdict[] = []
  let worst: Verdict = "allow"
  for (let i = 0; i < letter.commands.length; i++) {
    const parsed = parseCommand(v.commands[i], letter.commands[i]?.index ?? i, i)
    if (typeof parsed === "string") return fail(parsed)
    commands.push(parsed)
    worst = worse(worst, parsed.verdict)
  }
  // Tighten-only: an aggregate looser than one of its commands would let that command
  // through. A stricter aggregate is authoritative and kept.
  if (worse(verdict, worst) !== verdict) return fail(`aggregate verdict "${verdict}" is looser than a command's "${worst}"`)

  return { ok: true, verdict: { invocationId: v.invocationId as string, verdict, ...(message !== undefined ? { message } : {}), commands } }
}

function parseCommand(raw: unknown, expectedIndex: number, i: number): CommandVerdict | string {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return `verdict.commands[${i}] is not an object`
  const c = raw as Record<string, unknown>
  if (c.index !== expectedIndex) return `verdict.commands[${i}].index is ${JSON.stringify(c.index)}, expected ${expectedIndex}`
  if (!isVerdict(c.verdict)) return `invalid verdict word ${JSON.stringify(c.verdict)} in commands[${i}]`
  if (c.ruleId !== undefined && typeof c.ruleId !== "string") return `verdict.commands[${i}].ruleId is not a string`
  if (c.classification !== undefined && c.classification !== "static" && c.classification !== "opaque") {
    return `verdict.commands[${i}].classification is invalid`
  }
  if (c.match !== undefined && c.match !== "argv" && c.match !== "raw") return `verdict.commands[${i}].match is invalid`
  if (c.facts !== undefined && utf8Bytes(JSON.stringify(c.facts)) > MAX_FACTS_BYTES) {
    return `verdict.commands[${i}].facts is larger than ${MAX_FACTS_BYTES} bytes`
  }
  return {
    index: expectedIndex,
    verdict: c.verdict,
    ...(typeof c.ruleId === "string" ? { ruleId: c.ruleId } : {}),
    ...(c.classification !== undefined ? { classification: c.classification as "static" | "opaque" } : {}),
    ...(c.match !== undefined ? { match: c.match as "argv" | "raw" } : {}),
    ...(c.facts !== undefined ? { facts: c.facts } : {}),
  }
}

/**
 * The rule that decided the aggregate: the ruleId of the first command whose verdict
 * equals the aggregate ("unknown" when that command names none). The reject budget
 * is counted per this id — the seed always counted "unknown".
 */
export function decidingRuleId(v: CheckerVerdict): string {
  const deciding = v.commands.find((c) => c.verdict === v.verdict)
  return deciding?.ruleId || "unknown"
}
