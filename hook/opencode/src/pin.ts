// The checker binary pin: sha256 of `checker.command[0]`.
//
// The seed hashed the file once at start-up, so a checker replaced afterwards ran
// unpinned. Here every check stats the file (cheap) and re-hashes it whenever its
// identity — device, inode, size, mtime, ctime — differs from the last verified one.
// ctime is included because mtime can be set back by anyone who can write the file,
// ctime cannot. A file that changes while it is being hashed fails the check.
//
// Residual window: the file can still be swapped between the last stat and the exec
// (microseconds). A pin guards against a checker replaced at rest, not against an
// attacker racing the hook with write access to the checker's directory.

import { createHash } from "node:crypto"
import { createReadStream } from "node:fs"
import { stat } from "node:fs/promises"

/** Outcome of a pin check: ok, or why the checker must not run. */
export type PinResult = { ok: true } | { ok: false; reason: string }

/** Verifies (and re-verifies on change) the sha256 pin of one file. */
export class PinGuard {
  private verifiedIdentity: string | null = null
  private lastResult: PinResult = { ok: true }
  // One hash at a time per identity: concurrent checks share it.
  private inflight: { identity: string; result: Promise<PinResult> } | null = null
  /** How many times the file was hashed; tests read it to see re-verification happen. */
  hashCount = 0

  constructor(
    private readonly path: string,
    private readonly sha256: string | null,
  ) {}

  /** Resolves ok when there is no pin or the file on disk has the pinned digest. */
  async check(): Promise<PinResult> {
    if (this.sha256 === null) return { ok: true }
    let identity: string
    try {
      identity = await this.identity()
    } catch (e) {
      this.verifiedIdentity = null
      return { ok: false, reason: `checker pin: cannot stat ${this.path} (${errorCode(e)})` }
    }
    if (identity === this.verifiedIdentity) return this.lastResult
    if (this.inflight?.identity === identity) return this.inflight.result
    const result = this.verify(identity)
    this.inflight = { identity, result }
    try {
      return await result
    } finally {
      if (this.inflight?.result === result) this.inflight = null
    }
  }

  private async verify(identity: string): Promise<PinResult> {
    let digest: string
    try {
      digest = await sha256File(this.path)
      this.hashCount++
    } catch (e) {
      this.verifiedIdentity = null
      return { ok: false, reason: `checker pin: cannot read ${this.path} (${errorCode(e)})` }
    }
    let after: string
    try {
      after = await this.identity()
    } catch (e) {
      this.verifiedIdentity = null
      return { ok: false, reason: `checker pin: cannot stat ${this.path} (${errorCode(e)})` }
    }
    if (after !== identity) {
      this.verifiedIdentity = null
      return { ok: false, reason: "checker pin: the checker file changed while it was being verified" }
    }
    this.lastResult = digest === this.sha256
      ? { ok: true }
      : { ok: false, reason: `checker pin mismatch: ${this.path} has sha256 ${digest}` }
    this.verifiedIdentity = identity
    return this.lastResult
  }

  private async identity(): Promise<string> {
    const s = await stat(this.path, { bigint: true })
    return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`
  }
}

/** Hex sha256 of a file's content, streamed. */
export function sha256File(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash("sha256")
    createReadStream(path)
      .on("error", reject)
      .on("data", (chunk) => hash.update(chunk))
      .on("end", () => resolve(hash.digest("hex")))
  })
}

function errorCode(e: unknown): string {
  const code = (e as { code?: unknown })?.code
  return typeof code === "string" ? code : String(e).slice(0, 120)
}
