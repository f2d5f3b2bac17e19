// The one-shot checker invoker: one process per check, one letter in, one verdict out.
//
// Invariants:
// - The child gets an EMPTY environment and is executed directly (no shell).
// - At most `maxConcurrentSpawns` checker processes exist at once. A slot is held from
//   before the spawn until the process has exited, not merely until we stop waiting
//   for it, so hung checkers cannot pile up. Excess checks degrade at once (never queued:
//   a queue would turn a slow checker into an unbounded wait for the agent).
// - After `checkTimeoutMs` the check is answered as a defect immediately and the
//   checker's process group gets SIGTERM, then SIGKILL after `killGraceMs`.
// - Only exit status 0 with exactly one valid verdict is a success; every other outcome
//   is `{ok: false, reason}` and the caller degrades — never to allow.

import { spawn, type ChildProcess } from "node:child_process"
import type { PinGuard } from "./pin.js"
import { MAX_VERDICT_BYTES, type CheckerVerdict, type Letter } from "./types.js"
import { parseVerdict } from "./verdict.js"

/** How to run the checker. */
export interface InvokerOptions {
  /** Absolute executable, then its arguments. */
  command: string[]
  checkTimeoutMs: number
  killGraceMs: number
  maxConcurrentSpawns: number
  /** Verified before every spawn. */
  pin: PinGuard
}

/** A verdict, or the defect that forces a degrade. */
export type CheckOutcome = { ok: true; verdict: CheckerVerdict } | { ok: false; reason: string }

const STDERR_KEEP_BYTES = 2_048

/** Spawns the checker once per `check` and enforces the process-level contract. */
export class CheckerInvoker {
  private slots = 0
  private readonly children = new Set<ChildProcess>()
  /** Number of processes spawned so far (tests count spawns with it). */
  spawnCount = 0

  constructor(private readonly opts: InvokerOptions) {}

  /** Number of checker processes alive or being started right now. */
  get running(): number {
    return this.slots
  }

  /** Runs one check. Never throws. */
  async check(letter: Letter): Promise<CheckOutcome> {
    if (this.slots >= this.opts.maxConcurrentSpawns) {
      return { ok: false, reason: `more than ${this.opts.maxConcurrentSpawns} checks at once (maxConcurrentSpawns)` }
    }
    this.slots++ // taken before any await so concurrent calls cannot overshoot
    let handedOver = false
    try {
      const pin = await this.opts.pin.check()
      if (!pin.ok) return { ok: false, reason: pin.reason }
      handedOver = true
      return await this.run(letter, () => this.slots--)
    } catch (e) {
      return { ok: false, reason: `checker invocation failed: ${String(e).slice(0, 200)}` }
    } finally {
      if (!handedOver) this.slots--
    }
  }

  /** Kills every checker still running (plugin disposal). */
  killAll(): void {
    for (const child of this.children) signal(child, "SIGKILL")
  }

  private run(letter: Letter, releaseSlot: () => void): Promise<CheckOutcome> {
    const { command, checkTimeoutMs, killGraceMs } = this.opts
    return new Promise<CheckOutcome>((resolve) => {
      let settled = false
      const settle = (o: CheckOutcome) => {
        if (settled) return
        settled = true
        clearTimeout(deadline)
        resolve(o)
      }

      let child: ChildProcess
      try {
        child = spawn(command[0] as string, command.slice(1), {
          env: {},
          stdio: ["pipe", "pipe", "pipe"],
          shell: false,
          windowsHide: true,
          // Own process group, so a timeout reaches whatever the checker started too.
          detached: process.platform !== "win32",
        })
      } catch (e) {
        releaseSlot()
        resolve({ ok: false, reason: `could not start the checker: ${String(e).slice(0, 200)}` })
        return
      }
      this.spawnCount++
      this.children.add(child)

      // The slot is released when the checker process has exited; the kill timers stop
      // only once every stdio pipe is closed, since a process the checker started may
      // still hold one (it is in the same process group and gets the same signals).
      let graceTimer: NodeJS.Timeout | undefined
      let exited = false
      let closed = false
      const onGone = () => {
        if (exited) return
        exited = true
        this.children.delete(child)
        releaseSlot()
      }
      const terminate = () => {
        if (closed) return
        signal(child, "SIGTERM")
        graceTimer = setTimeout(() => signal(child, "SIGKILL"), killGraceMs)
      }

      const deadline = setTimeout(() => {
        settle({ ok: false, reason: `the checker did not answer within ${checkTimeoutMs} ms` })
        terminate()
      }, checkTimeoutMs)

      const out: Buffer[] = []
      let outBytes = 0
      child.stdout?.on("data", (chunk: Buffer) => {
        if (settled) return
        outBytes += chunk.byteLength
        if (outBytes > MAX_VERDICT_BYTES) {
          settle({ ok: false, reason: `the verdict is larger than ${MAX_VERDICT_BYTES} bytes` })
          terminate()
          return
        }
        out.push(chunk)
      })
      let err = ""
      child.stderr?.on("data", (chunk: Buffer) => {
        if (err.length < STDERR_KEEP_BYTES) err += chunk.toString("utf8").slice(0, STDERR_KEEP_BYTES - err.length)
      })

      child.on("error", (e: NodeJS.ErrnoException) => {
        // Spawn failure (ENOENT, EACCES…): no process, so 'exit' never comes.
        onGone()
        settle({ ok: false, reason: `could not start the checker ${command[0]}: ${e.code ?? e.message}` })
      })
      child.on("exit", onGone)
      child.on("close", (code, sig) => {
        closed = true
        clearTimeout(graceTimer)
        onGone()
        if (code !== 0) {
          const why = sig ? `was killed by ${sig}` : `exited with status ${code}`
          const line = firstLine(err)
          settle({ ok: false, reason: `the checker ${why}${line ? ` (${line})` : ""}` })
          return
        }
        const parsed = parseVerdict(letter, Buffer.concat(out))
        settle(parsed.ok ? { ok: true, verdict: parsed.verdict } : { ok: false, reason: parsed.reason })
      })

      // EPIPE when the checker exits without reading: its exit status decides.
      child.stdin?.on("error", () => {})
      child.stdin?.end(JSON.stringify(letter))
    })
  }
}

function signal(child: ChildProcess, sig: NodeJS.Signals): void {
  try {
    if (child.pid !== undefined && process.platform !== "win32") process.kill(-child.pid, sig)
    else child.kill(sig)
  } catch {
    try {
      child.kill(sig)
    } catch {
      /* already gone */
    }
  }
}

function firstLine(s: string): string {
  return (s.split(/\r?\n/).find((l) => l.trim() !== "") ?? "").trim().slice(0, 200)
}
