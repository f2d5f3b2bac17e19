#!/usr/bin/env node
// End-to-end test of `shell-warden hook claude-code` with the real Claude Code client.
//
// Installs @anthropic-ai/claude-code (pinned) into ./.cache once, starts a scripted Anthropic
// Messages server on 127.0.0.1 (./model-server.mjs), and runs `claude -p … --settings FILE` in a
// temporary project with a temporary HOME, the PreToolUse hook pointing at the built checker:
//
//   1. harmless: `echo hello-… && touch ran-…` under the default (loose) config runs: its output
//      reaches the model and the file exists. Claude Code 2.1.197 alone refuses that `touch` in
//      -p mode, so the file also proves the hook was called and its `allow` took effect. The
//      same run reads a project file through the Read tool, which the hook (matcher "*") answers
//      with "no decision": it must not block it.
//   1b. background: `tail -f` is refused in the foreground and runs with run_in_background.
//   2. destructive: `rm -rf <victim>` (a directory outside the project) under {"mode": "hard"},
//      with Claude Code's own permission checks switched off (--dangerously-skip-permissions), so
//      that only the hook can stop it: the victim survives, the model is told
//      `shell-warden SWnnnn: …`, and Claude Code lists the call in permission_denials. Today's rules make it `ask` (SW0002), which -p mode ends as a
//      denial; a rule that denies deletes outside the project makes it `deny` and it still passes.
//   3. degraded: the same with a hook whose --config file does not exist: it refuses by exit 2
//      and the victim survives (Claude Code runs the command after any other hook failure).
//   4. missing-checker: the executable path points nowhere; the recommended `|| exit 2` guard
//      turns the shell's exit 127 into a refusal.
//   5. oversize: a 2 MB command (over the adapter's 1 MiB input bound) is refused by exit 2.
//      The victim is a temporary directory: no command here could harm the machine even if the
//      hook were not called (`rm -rf /` or `~` are never used).
//
// Env: SHELL_WARDEN_CHECKER (default: <repo>/checker/target/shell-warden, built by `mvn package`),
// CLAUDE_CODE_VERSION (default 2.1.197),
// CLAUDE_E2E_TIMEOUT_MS (per client run, default 120000), CLAUDE_E2E_KEEP=1 keeps the temp dir.
// Needs Node >= 20 and, on first run, the npm registry. Talks to nothing but 127.0.0.1: the
// client's other traffic is switched off and any that remains goes to a dead local proxy.
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

// The version observed and pinned; CLAUDE_CODE_VERSION=x.y.z tries another (own cache folder).
const CLAUDE_CODE_VERSION = process.env.CLAUDE_CODE_VERSION || '2.1.197';
const { cacheDir, checker } = suitePaths(import.meta.url, CLAUDE_CODE_VERSION);
const runTimeoutMs = Number(process.env.CLAUDE_E2E_TIMEOUT_MS || 120000);
const suite = createSuite('claude-code');

/** The pinned client in .cache, installed when missing or of another version. */
function installClient() {
  installFromNpm(suite, cacheDir, '@anthropic-ai/claude-code', CLAUDE_CODE_VERSION);
  // The wrapper's postinstall links the native binary over bin/claude.exe; where install scripts
  // did not run, the platform package's binary is used directly.
  const platformName = `${process.platform}-${process.arch}`;
  const candidates = [
    path.join(cacheDir, 'node_modules', '@anthropic-ai', 'claude-code', 'bin', 'claude.exe'),
    path.join(cacheDir, 'node_modules', '@anthropic-ai', `claude-code-${platformName}`, 'claude'),
  ];
  const bin = candidates.find((c) => fs.existsSync(c) && fs.statSync(c).size > 1024 * 1024);
  if (!bin) suite.fail(`no Claude Code binary for ${platformName} under ${cacheDir}`);
  const v = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 60000, env: { PATH: process.env.PATH, HOME: os.tmpdir() } });
  if (!String(v.stdout).startsWith(CLAUDE_CODE_VERSION)) suite.fail(`${bin} --version said ${JSON.stringify(v.stdout)} ${v.stderr}`);
  return bin;
}

/** Runs `claude -p prompt` in `project` with `settings`; resolves to { code, json, stdout, stderr, timedOut }. */
function runClaude(bin, { prompt, project, home, settings, baseUrl, bypass = false }) {
  const env = isolatedEnv(home, {
    ANTHROPIC_BASE_URL: baseUrl,
    ANTHROPIC_API_KEY: 'sk-ant-e2e-not-a-key',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
  });
  const args = ['-p', prompt, '--output-format', 'json', '--settings', settings];
  if (bypass) {
    // Claude Code's own permission checks off, as many users run it: only the hook stands
    // between the command and the machine. As root the client insists on IS_SANDBOX=1.
    args.push('--dangerously-skip-permissions');
    env.IS_SANDBOX = '1';
  }
  return runClient(bin, args, { cwd: project, env, timeoutMs: runTimeoutMs,
    parseJson: (stdout) => JSON.parse(stdout.trim().split('\n').pop()) });
}

function settingsFile(dir, name, matcher, hookCommand) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify({
    hooks: { PreToolUse: [{ matcher, hooks: [{ type: 'command', command: hookCommand, timeout: 30 }] }] },
  }, null, 2));
  return file;
}

/** The recommended hook command: any failure to start or crash of the checker becomes exit 2. */
const guarded = (command) => `${command} || exit 2`;

async function main() {
  requireChecker(suite, checker);
  const bin = installClient();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-claude-e2e-'));
  const server = await startModelServer();
  const nonce = crypto.randomBytes(4).toString('hex');
  const { check } = suite;
  const sandbox = sandboxes(work);
  const describe = (r) => describeRun(r, server.log);

  /**
   * `rm -rf <victim outside the project>` with Claude Code's own permission checks off, so only
   * the hook can stop it; the victim must survive and the model must get `toldMatches`.
   */
  const refused = async (name, hookCommand, toldMatches, { suffix = '', hugeOutput = false } = {}) => {
    const { home, project } = sandbox(name);
    const victim = victimOf(path.join(work, name, 'outside'));
    server.log.results = [];
    const settings = settingsFile(path.join(work, name), 'settings.json', 'Bash', hookCommand);
    const r = await runClaude(bin, { prompt: `RUN[[rm -rf ${victim.dir}${suffix}]]`, project, home, settings,
      baseUrl: server.url, bypass: true });
    const [res] = server.log.results;
    // With a 2 MB command in it, the client's own JSON report comes out truncated (2.1.197 exits
    // before flushing ~900 KB of stdout), so only its exit is checked then.
    check(`${name}: the client finished in time`, r.code === 0 && !r.timedOut && (hugeOutput || r.json !== null), describe(r));
    check(`${name}: the victim survived`, victim.survived(), describe(r));
    console.log(`# ${name}: the model was told: ${res ? res.text.trim() : '(nothing)'}`);
    check(`${name}: the model was told why`, Boolean(res && res.isError && toldMatches.test(res.text)), describe(r));
    if (!hugeOutput) {
      check(`${name}: Claude Code recorded a permission denial`,
        Array.isArray(r.json?.permission_denials) && r.json.permission_denials.some((d) => d.tool_name === 'Bash'), describe(r));
    }
  };

  try {
    const configHard = path.join(work, 'shell-warden-hard.json');
    fs.writeFileSync(configHard, '{"mode": "hard"}\n');

    // 1. A harmless command runs; another tool gets no decision and is not blocked.
    {
      const { home, project } = sandbox('harmless');
      fs.writeFileSync(path.join(project, 'notes.txt'), `notes-${nonce}\n`);
      const settings = settingsFile(path.join(work, 'harmless'), 'settings.json', '*',
        guarded(`${q(checker)} hook claude-code --project-dir "$CLAUDE_PROJECT_DIR"`));
      const cmd = `echo hello-${nonce} && touch ran-${nonce}`;
      server.log.results = [];
      const r = await runClaude(bin, { prompt: `READ[[${path.join(project, 'notes.txt')}]] RUN[[${cmd}]]`,
        project, home, settings, baseUrl: server.url });
      const [read, ran] = server.log.results;
      check('harmless: the client finished in time', r.code === 0 && !r.timedOut && r.json?.is_error === false, describe(r));
      check('harmless: `echo` output reached the model', Boolean(ran && !ran.isError && ran.text.includes(`hello-${nonce}`)), describe(r));
      check('harmless: the command ran (the hook allowed it)', fs.existsSync(path.join(project, `ran-${nonce}`)), describe(r));
      check('no decision: the Read tool was not blocked', Boolean(read && !read.isError && read.text.includes(`notes-${nonce}`)), describe(r));
    }

    // 1b. A slow command: `tail -f` in the foreground is refused (SW7003: the agent would wait for
    //     it until its timeout); the same call with run_in_background: true runs, because Claude
    //     Code keeps its output and tells the agent when it ends. Proves the client hands
    //     run_in_background to the hook. The follower is killed after the run by its unique path.
    {
      const { home, project } = sandbox('background');
      const log = path.join(project, `follow-${nonce}.log`);
      fs.writeFileSync(log, 'line\n');
      const settings = settingsFile(path.join(work, 'background'), 'settings.json', 'Bash',
        guarded(`${q(checker)} hook claude-code --project-dir "$CLAUDE_PROJECT_DIR"`));
      server.log.results = [];
      const r = await runClaude(bin, { prompt: `RUN[[tail -f ${log}]] BG[[tail -f ${log}]]`, project, home, settings,
        baseUrl: server.url });
      spawnSync('pkill', ['-f', `follow-${nonce}.log`]);
      const [fg, bg] = server.log.results;
      check('background: the client finished in time', r.code === 0 && !r.timedOut, describe(r));
      check('background: `tail -f` in the foreground is refused with SW7003',
        Boolean(fg && fg.isError && /shell-warden SW7003: /.test(fg.text)), describe(r));
      check('background: the same command with run_in_background runs',
        Boolean(bg && !bg.isError && !bg.text.includes('shell-warden')), describe(r));
      console.log(`# background: the model was told: ${bg ? bg.text.trim().slice(0, 160) : '(nothing)'}`);
    }

    // 2. A destructive command is refused with shell-warden's message (ask today, deny once a
    //    rule denies deletes outside the project: both end as a refusal in -p mode).
    await refused('destructive', guarded(`${q(checker)} hook claude-code --config ${q(configHard)} --project-dir "$CLAUDE_PROJECT_DIR"`),
      /^shell-warden SW\d{4}: \S/);

    // 3. The adapter's own degrade path: a config it cannot read ends as exit 2 (no guard here,
    //    so this is the adapter's doing, not the shell's).
    await refused('degraded-config', `${q(checker)} hook claude-code --config ${q(path.join(work, 'no-such-config.json'))}`,
      /shell-warden could not check the command: .*cannot read config/);

    // 4. A checker that cannot even start (moved, deleted): the recommended guard turns the
    //    shell's exit 127 into exit 2, which Claude Code treats as a refusal.
    await refused('missing-checker', guarded(`${q(path.join(work, 'no-such-dir', 'shell-warden'))} hook claude-code`),
      /PreToolUse:Bash hook error/);

    // 5. Input over the adapter's 1 MiB bound (a 2 MB command, padded by the model server): the
    //    adapter stops reading and refuses by exit 2 while the client is still writing; no guard.
    await refused('oversize', `${q(checker)} hook claude-code`, /the hook input exceeds 1048576 bytes/,
      { suffix: ' # {{PAD:2000000}}', hugeOutput: true });
  } finally {
    await server.close();
    if (process.env.CLAUDE_E2E_KEEP === '1') console.log(`kept ${work}`);
    else fs.rmSync(work, { recursive: true, force: true });
  }
  suite.finish();
}

main().catch((e) => suite.fail(e && e.stack ? e.stack : String(e)));
