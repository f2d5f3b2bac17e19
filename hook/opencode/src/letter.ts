// Building a letter and enforcing its bounds before any spawn.

import { MAX_COMMAND_BYTES, MAX_LETTER_BYTES, MAX_LETTER_COMMANDS, utf8Bytes, type Letter } from "./types.js"

/** What one check is about, as the plugin sees it. */
export interface CheckRequest {
  sessionID: string
  /** The tool call; absent when the client did not say which call asks. */
  callID?: string
  /** The assistant message that holds the call, when known. */
  messageID?: string
  agent?: string
  /** Absolute directory commands with an empty cwd run in. */
  projectDir?: string
  action: string
  /** Commands in order; `cwd` is absolute or "" for projectDir. */
  commands: { raw: string; cwd: string }[]
}

/**
 * The protocol's invocation id: `<messageID>:<callID>` when both are known,
 * else `anon:<sessionID>:<action>`.
 */
export function invocationIdOf(req: Pick<CheckRequest, "messageID" | "callID" | "sessionID" | "action">): string {
  return req.messageID && req.callID ? `${req.messageID}:${req.callID}` : `anon:${req.sessionID}:${req.action}`
}

/** The letter for a request: exactly the protocol's fields, optional ones only when known. */
export function buildLetter(req: CheckRequest): Letter {
  return {
    version: 1,
    invocation: {
      id: invocationIdOf(req),
      sessionID: req.sessionID,
      ...(req.agent ? { agent: req.agent } : {}),
      ...(req.projectDir ? { projectDir: req.projectDir } : {}),
    },
    action: req.action,
    commands: req.commands.map((c, index) => ({ index, raw: c.raw, cwd: c.cwd })),
  }
}

/**
 * Why `letter` may not be sent (null when it may): no command, more than
 * `maxRequestCommands` commands, a `raw` over 8 KiB or a letter over 64 KiB —
 * sizes in UTF-8 bytes, the way the checker re-checks them.
 */
export function letterBoundsBreach(letter: Letter, maxRequestCommands: number): string | null {
  const n = letter.commands.length
  if (n === 0) return "the request names no command"
  const maxCommands = Math.min(maxRequestCommands, MAX_LETTER_COMMANDS)
  if (n > maxCommands) return `the request has ${n} commands, more than ${maxCommands}`
  for (const c of letter.commands) {
    const bytes = utf8Bytes(c.raw)
    if (bytes > MAX_COMMAND_BYTES) return `command ${c.index} is ${bytes} bytes, more than ${MAX_COMMAND_BYTES}`
  }
  const bytes = utf8Bytes(JSON.stringify(letter))
  if (bytes > MAX_LETTER_BYTES) return `the letter is ${bytes} bytes, more than ${MAX_LETTER_BYTES}`
  return null
}
