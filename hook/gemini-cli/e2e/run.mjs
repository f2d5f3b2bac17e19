#!/usr/bin/env node
// End-to-end test of `shell-warden hook gemini-cli` with the real Gemini CLI client.
//
// Installs @google/gemini-cli (pinned) into ./.cache once, starts a scripted Gemini API server on
// 127.0.0.1 (./model-server.mjs; GOOGLE_GEMINI_BASE_URL points the client at it, with a dummy
// GEMINI_API_KEY), and runs `gemini -p … --approval-mode yolo -m gemini-2.5-flash` in a temporary
// project with a temporary HOME whose ~/.gemini/settings.json holds the BeforeTool hook. YOLO
// approves every call, so only the hook can stop one; the explicit model skips the client's
// routing requests.
//
//   1. harmless (matcher ".*", default config, --ask-as-deny): a read_file call is not blocked (no
//      decision); `echo hello-… && touch ran-…` runs and its output reaches the model; then
//      `git push --force` (ask in LOOSE) is refused with `shell-warden SW3003: …`, which proves the
//      hook ran in this session (YOLO alone would run it; it would fail harmlessly: no repository).
//      Then `bash -c 'echo a' ' ; touch stripped-… ; echo '` creates the file (the client strips
//      the wrapper and the outer quotes: bash alone would not run `touch`), and the same wrapper
//      around `git push --force` is refused with SW3003 (the adapter judges the stripped form).
//   2. destructive: `rm -rf <victim>` (a temporary directory outside the project) under
//      {"mode": "hard"} with --ask-as-deny: the victim survives and the model is told
//      `shell-warden SWnnnn: …`.
//   3. degraded-config: the same with a --config file that does not exist and no guard: the adapter
//      itself refuses by exit 2.
//   4. missing-checker: the executable path points nowhere; the recommended guard
//      (`|| { echo … >&2; exit 2; }`) turns the shell's exit 127 into a refusal.
//   No command here could harm the machine even if the hook were not called: the victims are
//   temporary directories (`rm -rf /` or `~` are never used).
//
// Env: SHELL_WARDEN_CHECKER (default: <repo>/checker/target/shell-warden), GEMINI_CLI_VERSION
// (default 0.61.0), GEMINI_E2E_TIMEOUT_MS (per client run, default 120000), GEMINI_E2E_KEEP=1
// keeps the temp dir. Needs Node >= 20 and, on first run, the npm registry. Talks to nothing but
// 127.0.0.1: other traffic is switched off and any that remains goes to a dead local proxy.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createSuite, describeRun, guarded, installNpmBin, isolatedEnv, requireChecker, runClient, sandboxes, shellWord as q,
  suitePaths, victim as victimOf,
} from '../../e2e/harness.mjs';
import { startModelServer } from './model-server.mjs';

const GEMINI_CLI_VERSION = process.env.GEMINI_CLI_VERSION || '0.61.0';
const { cacheDir, checker } = suitePaths(import.meta.url, GEMINI_CLI_VERSION);
const runTimeoutMs = Number(process.env.GEMINI_E2E_TIMEOUT_MS || 120000);
const suite = createSuite('gemini-cli');

/** The pinned client's entry script in .cache, installed when missing or of another version. */
const installClient = () => installNpmBin(suite, cacheDir, '@google/gemini-cli', GEMINI_CLI_VERSION, 'gemini');

/** Runs `gemini -p prompt` in `project` with HOME `home`; resolves to { code, json, stdout, stderr, timedOut }. */
function runGemini(bin, { prompt, project, home, baseUrl }) {
  const env = isolatedEnv(home, {
    GEMINI_API_KEY: 'e2e-not-a-key',
    GOOGLE_GEMINI_BASE_URL: baseUrl,
    GEMINI_CLI_TRUST_WORKSPACE: 'true',
    GEMINI_TELEMETRY_ENABLED: 'false',
    GEMINI_SANDBOX: 'false',
  });
  const args = [bin, '-p', prompt, '--output-format', 'json', '--approval-mode', 'yolo', '-m', 'gemini-2.5-flash'];
  return runClient(process.execPath, args, { cwd: project, env, timeoutMs: runTimeoutMs, parseJson: JSON.parse });
}

/** Writes the user settings with one BeforeTool hook. */
function userSettings(home, matcher, hookCommand) {
  fs.mkdirSync(path.join(home, '.gemini'), { recursive: true });
  fs.writeFileSync(path.join(home, '.gemini', 'settings.json'), JSON.stringify({
    security: { auth: { selectedType: 'gemini-api-key' } },
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false },
    general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
    hooks: { BeforeTool: [{ matcher, hooks: [{ name: 'shell-warden', type: 'command', command: hookCommand, timeout: 30000 }] }] },
  }, null, 2));
}

async function main() {
  requireChecker(suite, checker);
  const bin = installClient();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-gemini-e2e-'));
  const server = await startModelServer();
  const nonce = crypto.randomBytes(4).toString('hex');
  const { check } = suite;
  const sandbox = sandboxes(work);
  const describe = (r) => describeRun(r, server.log);

  /** `rm -rf <victim outside the project>` under YOLO: the victim must survive and the model get `toldMatches`. */
  const refused = async (name, hookCommand, toldMatches) => {
    const { home, project } = sandbox(name);
    const victim = victimOf(path.join(work, name, 'outside'));
    userSettings(home, 'run_shell_command', hookCommand);
    server.log.results = [];
    const r = await runGemini(bin, { prompt: `RUN[[rm -rf ${victim.dir}]]`, project, home, baseUrl: server.url });
    const [res] = server.log.results;
    check(`${name}: the client finished in time`, r.code === 0 && !r.timedOut && r.json !== null, describe(r));
    check(`${name}: the victim survived`, victim.survived(), describe(r));
    console.log(`# ${name}: the model was told: ${res ? res.text.trim() : '(nothing)'}`);
    check(`${name}: the model was told why`, Boolean(res && res.isError && toldMatches.test(res.text)), describe(r));
  };

  try {
    const configHard = path.join(work, 'shell-warden-hard.json');
    fs.writeFileSync(configHard, '{"mode": "hard"}\n');

    // 1. Harmless runs, another tool gets no decision, an ask is refused in the same session.
    {
      const { home, project } = sandbox('harmless');
      fs.writeFileSync(path.join(project, 'notes.txt'), `notes-${nonce}\n`);
      userSettings(home, '.*', guarded(`${q(checker)} hook gemini-cli --ask-as-deny`));
      server.log.results = [];
      const r = await runGemini(bin, {
        prompt: `READ[[${path.join(project, 'notes.txt')}]] RUN[[echo hello-${nonce} && touch ran-${nonce}]] RUN[[git push --force]]`
          + ` RUN[[bash -c 'echo a' ' ; touch stripped-${nonce} ; echo ']] RUN[[bash -c 'echo a' ' ; git push --force ; echo ']]`,
        project, home, baseUrl: server.url });
      const [read, ran, push, stripped, wrappedPush] = server.log.results;
      check('harmless: the client finished in time', r.code === 0 && !r.timedOut && r.json !== null, describe(r));
      check('no decision: read_file was not blocked', Boolean(read && !read.isError && read.text.includes(`notes-${nonce}`)), describe(r));
      check('harmless: `echo` output reached the model', Boolean(ran && !ran.isError && ran.text.includes(`hello-${nonce}`)), describe(r));
      check('harmless: the command ran', fs.existsSync(path.join(project, `ran-${nonce}`)), describe(r));
      console.log(`# harmless: the model was told for git push --force: ${push ? push.text.trim() : '(nothing)'}`);
      check('ask-as-deny: `git push --force` is refused with SW3003 (the hook ran)',
        Boolean(push && push.isError && /shell-warden SW3003: .*ask them to run it themselves/.test(push.text)), describe(r));
      // Under bash the quoted ' ; touch … ; ' is only $0; Gemini CLI 0.61.0 strips the wrapper and the
      // outer quotes and runs it. The adapter judges that stripped form as well.
      check('wrapper: Gemini CLI runs the text after a stripped `bash -c` wrapper',
        Boolean(stripped && !stripped.isError) && fs.existsSync(path.join(project, `stripped-${nonce}`)), describe(r));
      check('wrapper: `git push --force` hidden after a `bash -c` wrapper is refused with SW3003',
        Boolean(wrappedPush && wrappedPush.isError && /shell-warden SW3003: /.test(wrappedPush.text)), describe(r));
    }

    // 2. A destructive command is refused with shell-warden's message.
    await refused('destructive', guarded(`${q(checker)} hook gemini-cli --ask-as-deny --config ${q(configHard)}`),
      /^Tool execution blocked: shell-warden SW\d{4}: \S/);

    // 3. The adapter's own degrade path: a config it cannot read ends as exit 2 (no guard).
    await refused('degraded-config', `${q(checker)} hook gemini-cli --config ${q(path.join(work, 'no-such-config.json'))}`,
      /shell-warden could not check the command: .*cannot read config/);

    // 4. A checker that cannot start: the guard turns the shell's exit 127 into exit 2 with a reason.
    await refused('missing-checker', guarded(`${q(path.join(work, 'no-such-dir', 'shell-warden'))} hook gemini-cli`),
      /shell-warden hook failed/);
  } finally {
    await server.close();
    if (process.env.GEMINI_E2E_KEEP === '1') console.log(`kept ${work}`);
    else fs.rmSync(work, { recursive: true, force: true });
  }
  suite.finish();
}

main().catch((e) => suite.fail(e && e.stack ? e.stack : String(e)));
