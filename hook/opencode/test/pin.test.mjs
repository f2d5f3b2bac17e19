import assert from "node:assert/strict"
import { createHash } from "node:crypto"
import { renameSync, rmSync, utimesSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterEach, beforeEach, describe, test } from "node:test"
import { PinGuard, sha256File } from "../dist/pin.js"
import { tempDir } from "./helpers.mjs"

const sha = (s) => createHash("sha256").update(s).digest("hex")
let tmp
let file
beforeEach(() => {
  tmp = tempDir()
  file = join(tmp.dir, "checker")
  writeFileSync(file, "good checker")
})
afterEach(() => tmp.cleanup())

describe("pin", () => {
  test("no pin: always ok, never hashes", async () => {
    const g = new PinGuard(join(tmp.dir, "missing"), null)
    assert.deepEqual(await g.check(), { ok: true })
    assert.equal(g.hashCount, 0)
  })

  test("sha256File", async () => {
    assert.equal(await sha256File(file), sha("good checker"))
  })

  test("match, then no re-hash while the file is unchanged", async () => {
    const g = new PinGuard(file, sha("good checker"))
    assert.deepEqual(await g.check(), { ok: true })
    assert.deepEqual(await g.check(), { ok: true })
    assert.equal(g.hashCount, 1)
  })

  test("mismatch names the digest found", async () => {
    const g = new PinGuard(file, sha("other"))
    const r = await g.check()
    assert.equal(r.ok, false)
    assert.match(r.reason, new RegExp(`pin mismatch: .* has sha256 ${sha("good checker")}`))
  })

  test("a checker replaced after start-up is re-verified and refused", async () => {
    const g = new PinGuard(file, sha("good checker"))
    assert.equal((await g.check()).ok, true)
    writeFileSync(file, "evil checker")
    const r = await g.check()
    assert.equal(r.ok, false)
    assert.match(r.reason, /pin mismatch/)
    assert.equal(g.hashCount, 2)
  })

  test("same size and mtime set back: the ctime still changes, so it is re-verified", async () => {
    const g = new PinGuard(file, sha("good checker"))
    assert.equal((await g.check()).ok, true)
    const when = new Date(Date.now() - 60_000)
    utimesSync(file, when, when)
    assert.equal((await g.check()).ok, true)
    writeFileSync(file, "evil checke!") // same length
    utimesSync(file, when, when)
    const r = await g.check()
    assert.equal(r.ok, false)
    assert.match(r.reason, /pin mismatch/)
  })

  test("replaced by rename (new inode), then restored", async () => {
    const g = new PinGuard(file, sha("good checker"))
    assert.equal((await g.check()).ok, true)
    const evil = join(tmp.dir, "evil")
    writeFileSync(evil, "evil checker")
    renameSync(file, join(tmp.dir, "saved"))
    renameSync(evil, file)
    assert.equal((await g.check()).ok, false)
    renameSync(join(tmp.dir, "saved"), file)
    assert.equal((await g.check()).ok, true)
  })

  test("a missing checker fails the pin", async () => {
    const g = new PinGuard(file, sha("good checker"))
    rmSync(file)
    const r = await g.check()
    assert.equal(r.ok, false)
    assert.match(r.reason, /cannot stat .*ENOENT/)
  })

  test("concurrent checks share one hash", async () => {
    const g = new PinGuard(file, sha("good checker"))
    const rs = await Promise.all([g.check(), g.check(), g.check()])
    assert.ok(rs.every((r) => r.ok))
    assert.equal(g.hashCount, 1)
  })
})
