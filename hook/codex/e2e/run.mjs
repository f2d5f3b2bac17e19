#!/usr/bin/env node
// End-to-end test of `shell-warden hook codex` with the real OpenAI Codex CLI.
//
// Installs @openai/codex (pinned) into ./.cache once, starts a scripted Responses API server on
// 127.0.0.1 (./model-server.mjs), and runs `codex exec` in a temporary project with a temporary
// HOME and CODEX_HOME whose config.toml has a custom model provider pointing at that server and
// the PreToolUse hook pointing at the built checker. Codex's own approvals and sandbox are off
// (--dangerously-bypass-approvals-and-sandbox), so only the hook stands between a command and the
// machine, and hook trust is bypassed (--dangerously-bypass-hook-trust: an untrusted hook does
// not run at all, see the README).
//
//   1. harmless: `echo hello-… && touch ran-…` under the default (loose) config runs and its
//      output reaches the model; an apply_patch call in the same run (matcher "*") gets
//      "no decision" and creates its file.
//   2. destructive: `rm -r <victim>` (a directory outside the project) under {"mode": "hard"}
//      is refused (ask, which Codex cannot put to the user, so a refusal that says so) and
//      `tail -f` in the foreground is refused (deny, SW7003). The victim survives.
//   3. degraded-config: the hook's --config file does not exist: the adapter refuses by exit 2.
//   4. missing-checker: the executable path points nowhere; the recommended guard turns the
//      shell's exit 127 into exit 2 with a reason (Codex runs the command after any other exit).
//   5. oversize: a 2 MB command (over the adapter's 1 MiB input bound) is refused by exit 2.
//   The victim is a temporary directory: no command here could harm the machine even if the hook
//   were not called (`rm -rf /` or `~` are never used). The delete is `rm -r`, not `rm -rf`:
//   Codex 0.171.0 itself rejects "rm -f style commands" even with its approvals off, which would
//   hide whether the hook stopped the command.
//
// Env: SHELL_WARDEN_CHECKER (default: <repo>/checker/target/shell-warden), CODEX_VERSION
// (default 0.171.0), CODEX_E2E_TIMEOUT_MS (per client run, default 120000), CODEX_E2E_KEEP=1
// keeps the temp dir. Needs Node >= 20 and, on first run, the npm registry. Talks to nothing but
// 127.0.0.1: any other traffic of the client goes to a dead local proxy.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createSuite, describeRun, installFromNpm, isolatedEnv, requireChecker, runClient, sandboxes, shellWord as q, suitePaths,
  victim as victimOf,
} from '../../e2e/harness.mjs';
import { startModelServer } from './model-server.mjs';

// The version observed and pinned; CODEX_VERSION=x.y.z tries another (own cache folder).
const CODEX_VERSION = process.env.CODEX_VERSION || '0.171.0';
const { cacheDir, checker } = suitePaths(import.meta.url, CODEX_VERSION);
const runTimeoutMs = Number(process.env.CODEX_E2E_TIMEOUT_MS || 120000);
// A model Codex knows (its bundled metadata offers apply_patch); the provider is the local server.
const MODEL = 'gpt-5.5';
const suite = createSuite('codex');

/** The pinned client in .cache, installed when missing or of another version; its native binary. */
function installClient() {
  const pkgDir = installFromNpm(suite, cacheDir, '@openai/codex', CODEX_VERSION);
  // The wrapper (bin/codex.js) only finds and starts the platform package's native binary.
  const vendor = path.join(path.dirname(pkgDir), `codex-${process.platform}-${process.arch}`, 'vendor');
  const bin = fs.existsSync(vendor)
    ? fs.readdirSync(vendor).map((t) => path.join(vendor, t, 'bin', 'codex')).find((b) => fs.existsSync(b))
    : undefined;
  if (!bin) suite.fail(`no Codex binary for ${process.platform}-${process.arch} under ${cacheDir}`);
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-codex-version-'));
  const v = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 60000,
    env: { PATH: process.env.PATH, HOME: home, CODEX_HOME: home } });
  fs.rmSync(home, { recursive: true, force: true });
  if (String(v.stdout).trim() !== `codex-cli ${CODEX_VERSION}`) suite.fail(`${bin} --version said ${JSON.stringify(v.stdout)} ${v.stderr}`);
  return bin;
}

/** A TOML basic string (JSON's escapes are TOML's for the text used here). */
const toml = (s) => JSON.stringify(s);

/** Writes Codex's config.toml into `home`: the scripted provider and one PreToolUse hook running `hookCommand`. */
function writeConfig(home, baseUrl, hookCommand) {
  fs.mkdirSync(path.join(home, '.codex'), { recursive: true });
  fs.writeFileSync(path.join(home, '.codex', 'config.toml'), [
    `model = ${toml(MODEL)}`,
    'model_provider = "scripted"',
    'check_for_update_on_startup = false',
    '',
    '[model_providers.scripted]',
    'name = "scripted"',
    `base_url = ${toml(`${baseUrl}/v1`)}`,
    'wire_api = "responses"',
    'requires_openai_auth = false',
    '',
    '[analytics]',
    'enabled = false',
    '',
    '[[hooks.PreToolUse]]',
    'matcher = "*"',
    '[[hooks.PreToolUse.hooks]]',
    'type = "command"',
    `command = ${toml(hookCommand)}`,
    'timeout = 30',
    '',
  ].join('\n'));
}

/** Runs `codex exec prompt` in `project`; resolves to { code, json, stdout, stderr, timedOut }. */
function runCodex(bin, { prompt, project, home }) {
  const env = isolatedEnv(home, { CODEX_HOME: path.join(home, '.codex') });
  const args = ['exec', '--json', '--skip-git-repo-check', '--ephemeral',
    '--dangerously-bypass-approvals-and-sandbox', '--dangerously-bypass-hook-trust', prompt];
  // --json prints one event per line: `json` is the last one.
  return runClient(bin, args, { cwd: project, env, timeoutMs: runTimeoutMs,
    parseJson: (stdout) => JSON.parse(stdout.trim().split('\n').pop()) });
}

/**
 * The recommended hook command (see the README): any failure of the checker to start or finish
 * becomes exit 2 with a reason; the checker's own exit 2 (a refusal with its reason) is kept.
 * Not the harness's `guarded`: Codex shows the model all of stderr, so the guard adds no second
 * line to shell-warden's own refusal.
 */
const guarded = (command) => `${command} || { [ $? -eq 2 ] || echo "shell-warden: the hook failed, so the command is refused" >&2; exit 2; }`;

async function main() {
  requireChecker(suite, checker);
  const bin = installClient();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-codex-e2e-'));
  const server = await startModelServer();
  const nonce = crypto.randomBytes(4).toString('hex');
  const { check } = suite;
  const sandbox = sandboxes(work);
  const describe = (r) => describeRun(r, server.log);
  const finished = (name, r) => check(`${name}: the client finished in time`,
    r.code === 0 && !r.timedOut && r.stdout.includes('"type":"turn.completed"'), describe(r));

  /**
   * `rm -r <victim outside the project>` (then the `extra` markers): the victim must survive and
   * the model must be told `toldMatches` for the delete. Resolves to every tool output.
   */
  const refused = async (name, hookCommand, toldMatches, { suffix = '', extra = '' } = {}) => {
    const { home, project } = sandbox(name);
    writeConfig(home, server.url, hookCommand);
    const victim = victimOf(path.join(work, name, 'outside'));
    server.log.results = [];
    const r = await runCodex(bin, { prompt: `RUN[[rm -r ${victim.dir}${suffix}]]${extra}`, project, home });
    const [res] = server.log.results;
    finished(name, r);
    check(`${name}: the victim survived`, victim.survived(), describe(r));
    console.log(`# ${name}: the model was told: ${res ? res.text.trim().slice(0, 400) : '(nothing)'}`);
    check(`${name}: the model was told why`,
      Boolean(res && /^Command blocked by PreToolUse hook: /.test(res.text) && toldMatches.test(res.text)), describe(r));
    return server.log.results;
  };

  try {
    const configHard = path.join(work, 'shell-warden-hard.json');
    fs.writeFileSync(configHard, '{"mode": "hard"}\n');
    const hook = (more = '') => `${q(checker)} hook codex${more}`;

    // 1. A harmless command runs and its output reaches the model; apply_patch gets no decision.
    {
      const { home, project } = sandbox('harmless');
      writeConfig(home, server.url, guarded(hook()));
      const patch = `*** Begin Patch\n*** Add File: patched-${nonce}.txt\n+patched\n*** End Patch\n`;
      server.log.results = [];
      const r = await runCodex(bin, { prompt: `RUN[[echo hello-${nonce} && touch ran-${nonce}]] PATCH[[${patch}]]`, project, home });
      const [ran, patched] = server.log.results;
      finished('harmless', r);
      check('harmless: `echo` output reached the model', Boolean(ran && ran.text.includes(`hello-${nonce}`)), describe(r));
      check('harmless: the command ran', fs.existsSync(path.join(project, `ran-${nonce}`)), describe(r));
      check('no decision: apply_patch was not blocked', Boolean(patched && !patched.text.includes('blocked')
        && fs.existsSync(path.join(project, `patched-${nonce}.txt`))), describe(r));
    }

    // 2. A destructive command (ask in hard mode) and a follower (deny) are refused with
    //    shell-warden's message.
    {
      const log = path.join(work, 'destructive', `follow-${nonce}.log`);
      const [, follow] = await refused('destructive', guarded(hook(` --config ${q(configHard)}`)),
        /shell-warden SW\d{4}: \S.*the user must approve this command: ask them to run it themselves/,
        { extra: ` RUN[[tail -f ${log}]]` });
      check('destructive: `tail -f` in the foreground is refused with SW7003 (deny)',
        Boolean(follow && /^Command blocked by PreToolUse hook: shell-warden SW7003: /.test(follow.text)), JSON.stringify(follow));
    }

    // 3. The adapter's own degrade path: a config it cannot read ends as exit 2 (no guard here,
    //    so this is the adapter's doing, not the shell's).
    await refused('degraded-config', hook(` --config ${q(path.join(work, 'no-such-config.json'))}`),
      /shell-warden could not check the command: .*cannot read config/);

    // 4. A checker that cannot start (moved, deleted): the guard turns exit 127 into exit 2.
    await refused('missing-checker', guarded(`${q(path.join(work, 'no-such-dir', 'shell-warden'))} hook codex`),
      /shell-warden: the hook failed, so the command is refused/);

    // 5. Input over the adapter's 1 MiB bound (a 2 MB command, padded by the model server), no guard.
    await refused('oversize', hook(), /the hook input exceeds 1048576 bytes/, { suffix: ' # {{PAD:2000000}}' });
  } finally {
    await server.close();
    if (process.env.CODEX_E2E_KEEP === '1') console.log(`kept ${work}`);
    else fs.rmSync(work, { recursive: true, force: true });
  }
  suite.finish();
}

main().catch((e) => suite.fail(e && e.stack ? e.stack : String(e)));
