// Letter and verdict of the shell-warden protocol, version 1 (shared/spec/protocol.md).
// These types describe the wire format exactly; the hook never adds fields to a letter.

/** One of the three answers the checker (and the hook) can give. */
export type Verdict = "allow" | "ask" | "deny"

/** Who is asking: one agent tool call. */
export interface LetterInvocation {
  /** `<messageID>:<callID>`, or `anon:<sessionID>:<action>` when the message is unknown. */
  id: string
  sessionID: string
  agent?: string
  /** Absolute; the directory a command with an empty `cwd` runs in. */
  projectDir?: string
}

/** One command of a letter, as the agent wrote it. */
export interface LetterCommand {
  index: number
  raw: string
  /** Absolute, or empty for `projectDir`. */
  cwd: string
}

/** What the hook writes on the checker's stdin. Exactly these fields. */
export interface Letter {
  version: 1
  invocation: LetterInvocation
  action: string
  commands: LetterCommand[]
}

/** The checker's answer for one letter command. */
export interface CommandVerdict {
  index: number
  verdict: Verdict
  ruleId?: string
  classification?: "static" | "opaque"
  match?: "argv" | "raw"
  facts?: unknown
}

/** What the checker prints on stdout, once validated by `parseVerdict`. */
export interface CheckerVerdict {
  invocationId: string
  /** The aggregate: authoritative, never looser than its worst command. */
  verdict: Verdict
  message?: string
  commands: CommandVerdict[]
}

// Bounds of protocol v1. Sizes are UTF-8 bytes (the seed counted UTF-16 units: a defect);
// the message bound is in characters (Unicode code points), as the protocol words it.
export const MAX_LETTER_BYTES = 64 * 1024
export const MAX_COMMAND_BYTES = 8 * 1024
export const MAX_LETTER_COMMANDS = 128
export const MAX_VERDICT_BYTES = 64 * 1024
export const MAX_FACTS_BYTES = 16 * 1024
export const MAX_MESSAGE_CHARS = 512

/** The only action protocol v1 defines; OpenCode's `bash` tool maps onto it. */
export const SHELL_ACTION = "shell"

const RANK: Record<Verdict, number> = { allow: 0, ask: 1, deny: 2 }

/** True when `v` is one of the three verdict words. */
export function isVerdict(v: unknown): v is Verdict {
  return v === "allow" || v === "ask" || v === "deny"
}

/** The stricter of two verdicts (allow < ask < deny). */
export function worse(a: Verdict, b: Verdict): Verdict {
  return RANK[a] >= RANK[b] ? a : b
}

/** Number of bytes `s` takes in UTF-8: the unit every size bound is stated in. */
export function utf8Bytes(s: string): number {
  return Buffer.byteLength(s, "utf8")
}
