#!/usr/bin/env node
// End-to-end test of `shell-warden hook copilot-cli` with the real GitHub Copilot CLI client.
//
// Installs @github/copilot (pinned; it pulls its platform binary as an optional dependency) into
// ./.cache once, starts a scripted OpenAI-compatible model server on 127.0.0.1 (./model-server.mjs;
// Copilot CLI's BYOK provider: COPILOT_PROVIDER_BASE_URL with COPILOT_OFFLINE=true, so no GitHub
// login and no other traffic), and runs `copilot -p … --allow-all-tools --output-format json` in a
// temporary project with a temporary HOME whose ~/.copilot/hooks/shell-warden.json holds the
// preToolUse hook. --allow-all-tools approves every call, so only the hook can stop one. The
// user-level hook file is used because prompt mode loads a repository's .github/hooks only for a
// trusted folder.
//
//   1. harmless (default config): a `view` call is not blocked (no decision); `echo hello-… && touch
//      ran-…` runs and its output reaches the model; then `git push --force` (ask in LOOSE) is
//      refused by the client itself, which cannot ask anybody in prompt mode, with shell-warden's
//      reason: proof that the hook ran in this session (it would fail harmlessly: no repository).
//   2. destructive: `rm -rf <victim>` (a temporary directory inside the project) under
//      {"mode": "hard"} with --ask-as-deny: the victim survives and the model is told
//      `shell-warden SWnnnn: …`.
//   3. degraded-config: the same with a --config file that does not exist and no guard: the adapter
//      itself refuses (exit 2 with a deny answer on stdout, whose reason the model gets).
//   4. missing-checker: the executable path points nowhere; the recommended guard
//      (`|| { echo … >&2; exit 2; }`) turns the shell's exit 127 into exit 2, a refusal.
//   5. pascal-case: as 2, with the hook under `PreToolUse`, whose input has Claude Code's layout.
//   No command here could harm the machine even if the hook were not called: the victims are
//   temporary directories (`rm -rf /` or `~` are never used).
//
// Env: SHELL_WARDEN_CHECKER (default: <repo>/checker/target/shell-warden), COPILOT_CLI_VERSION
// (default 1.0.102), COPILOT_E2E_TIMEOUT_MS (per client run, default 120000), COPILOT_E2E_KEEP=1
// keeps the temp dir. Needs Node >= 20 and, on first run, the npm registry. Talks to nothing but
// 127.0.0.1: offline mode switches the rest off and any that remains goes to a dead local proxy.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createSuite, describeRun, guarded, installNpmBin, isolatedEnv, requireChecker, runClient, sandboxes, shellWord as q,
  suitePaths, victim as victimOf,
} from '../../e2e/harness.mjs';
import { startModelServer } from './model-server.mjs';

const COPILOT_CLI_VERSION = process.env.COPILOT_CLI_VERSION || '1.0.102';
const { cacheDir, checker } = suitePaths(import.meta.url, COPILOT_CLI_VERSION);
const runTimeoutMs = Number(process.env.COPILOT_E2E_TIMEOUT_MS || 120000);
const suite = createSuite('copilot-cli');

/** The pinned client's entry script in .cache, installed when missing or of another version. */
const installClient = () => installNpmBin(suite, cacheDir, '@github/copilot', COPILOT_CLI_VERSION, 'copilot');

/** The JSON events of `--output-format json` (one per line); throws on a line that is not JSON. */
const jsonLines = (stdout) => {
  const events = stdout.split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l));
  if (!events.some((e) => e && e.type === 'result')) throw new Error('no result event');
  return events;
};

/** Runs `copilot -p prompt` in `project` with HOME `home`; resolves to { code, json, stdout, stderr, timedOut }. */
function runCopilot(bin, { prompt, project, home, baseUrl }) {
  const env = isolatedEnv(home, {
    COPILOT_OFFLINE: 'true',
    COPILOT_AUTO_UPDATE: 'false',
    COPILOT_PROVIDER_BASE_URL: baseUrl,
    // Copilot CLI masks the key wherever it appears in its output: it must not be a common word.
    COPILOT_PROVIDER_API_KEY: 'e2e-not-a-key',
    COPILOT_MODEL: 'gpt-4.1',
    // The binary unpacks its JavaScript (~235 MB) on first start: once, beside the install.
    COPILOT_PKG_CACHE_HOME: path.join(cacheDir, 'unpacked'),
  });
  const args = [bin, '-p', prompt, '--allow-all-tools', '--output-format', 'json'];
  return runClient(process.execPath, args, { cwd: project, env, timeoutMs: runTimeoutMs, parseJson: jsonLines });
}

/** Writes the user-level hook file with one command hook for `event`. */
function userHook(home, hookCommand, event = 'preToolUse') {
  const dir = path.join(home, '.copilot', 'hooks');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'shell-warden.json'), JSON.stringify({
    version: 1,
    hooks: { [event]: [{ type: 'command', bash: hookCommand, timeoutSec: 30 }] },
  }, null, 2));
}

async function main() {
  requireChecker(suite, checker);
  const bin = installClient();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-copilot-e2e-'));
  const server = await startModelServer();
  const nonce = crypto.randomBytes(4).toString('hex');
  const { check } = suite;
  const sandbox = sandboxes(work);
  const describe = (r) => describeRun(r, server.log);

  /**
   * `rm -rf <victim inside the project>` under --allow-all-tools: the victim must survive and the
   * model get `toldMatches`. Inside, because Copilot CLI checks paths outside the working
   * directory itself (no --allow-all-paths here), which would hide whether the hook stopped it.
   */
  const refused = async (name, hookCommand, toldMatches, event) => {
    const { home, project } = sandbox(name);
    const victim = victimOf(project);
    userHook(home, hookCommand, event);
    server.log.results = [];
    const r = await runCopilot(bin, { prompt: `RUN[[rm -rf ${victim.dir}]]`, project, home, baseUrl: server.url });
    const [res] = server.log.results;
    check(`${name}: the client finished in time`, r.code === 0 && !r.timedOut && r.json !== null, describe(r));
    check(`${name}: the victim survived`, victim.survived(), describe(r));
    console.log(`# ${name}: the model was told: ${res ? res.text.trim() : '(nothing)'}`);
    check(`${name}: the model was told why`, Boolean(res && toldMatches.test(res.text)), describe(r));
  };

  try {
    const configHard = path.join(work, 'shell-warden-hard.json');
    fs.writeFileSync(configHard, '{"mode": "hard"}\n');

    // 1. Harmless runs, another tool gets no decision, an ask is refused by the client in prompt mode.
    {
      const { home, project } = sandbox('harmless');
      fs.writeFileSync(path.join(project, 'notes.txt'), `notes-${nonce}\n`);
      userHook(home, guarded(`${q(checker)} hook copilot-cli`));
      server.log.results = [];
      const r = await runCopilot(bin, {
        prompt: `VIEW[[${path.join(project, 'notes.txt')}]] RUN[[echo hello-${nonce} && touch ran-${nonce}]] RUN[[git push --force]]`,
        project, home, baseUrl: server.url });
      const [view, ran, push] = server.log.results;
      check('harmless: the client finished in time', r.code === 0 && !r.timedOut && r.json !== null, describe(r));
      check('no decision: view was not blocked', Boolean(view && view.text.includes(`notes-${nonce}`)), describe(r));
      check('harmless: `echo` output reached the model', Boolean(ran && ran.text.includes(`hello-${nonce}`)), describe(r));
      check('harmless: the command ran', fs.existsSync(path.join(project, `ran-${nonce}`)), describe(r));
      console.log(`# harmless: the model was told for git push --force: ${push ? push.text.trim() : '(nothing)'}`);
      check('ask: `git push --force` is refused in prompt mode with SW3003 (the hook ran)',
        Boolean(push && /^Denied by preToolUse hook \(unable to ask user for confirmation\): shell-warden SW3003: /.test(push.text)),
        describe(r));
    }

    // 2. A destructive command is refused with shell-warden's message.
    await refused('destructive', guarded(`${q(checker)} hook copilot-cli --ask-as-deny --config ${q(configHard)}`),
      /^Denied by preToolUse hook: shell-warden SW\d{4}: .*ask them to run it themselves/);

    // 3. The adapter's own degrade path: a config it cannot read ends as exit 2 with a deny answer (no guard).
    await refused('degraded-config', `${q(checker)} hook copilot-cli --config ${q(path.join(work, 'no-such-config.json'))}`,
      /^Denied by preToolUse hook: shell-warden could not check the command: .*cannot read config/);

    // 4. A checker that cannot start: the guard turns the shell's exit 127 into exit 2.
    await refused('missing-checker', guarded(`${q(path.join(work, 'no-such-dir', 'shell-warden'))} hook copilot-cli`),
      /^Denied by preToolUse hook: hook exited with code 2/);

    // 5. The VS Code compatible layout (a `PreToolUse` entry) is read as well.
    await refused('pascal-case', guarded(`${q(checker)} hook copilot-cli --ask-as-deny --config ${q(configHard)}`),
      /^Denied by preToolUse hook: shell-warden SW\d{4}: .*ask them to run it themselves/, 'PreToolUse');
  } finally {
    await server.close();
    if (process.env.COPILOT_E2E_KEEP === '1') console.log(`kept ${work}`);
    else fs.rmSync(work, { recursive: true, force: true });
  }
  suite.finish();
}

main().catch((e) => suite.fail(e && e.stack ? e.stack : String(e)));
