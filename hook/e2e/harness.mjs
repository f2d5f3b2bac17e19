// Shared pieces of the end-to-end tests that drive a real agent client (hook/claude-code/e2e,
// hook/gemini-cli/e2e, hook/codex/e2e, hook/copilot-cli/e2e): the pinned client from npm, an
// isolated environment, one client run with a hard timeout, a scripted model server on 127.0.0.1
// (its prompt markers and final summary), the fail-closed hook guard, and the ok / not ok report.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A shell word for a path (hook commands are run by a shell). */
export const shellWord = (s) => `'${s.replaceAll("'", "'\\''")}'`;

/**
 * The ok / not ok report of one suite. `fail` ends the process at once (a broken set-up);
 * `finish` prints the totals and ends it with 0 only when every check passed.
 */
export function createSuite(label) {
  const results = [];
  return {
    check(name, ok, detail) {
      results.push(ok);
      console.log(`${ok ? 'ok' : 'not ok'} - ${name}${ok ? '' : `\n    ${detail}`}`);
    },
    fail(message) {
      console.error(`${label} e2e: ${message}`);
      console.log('0 passed, 1 failed');
      process.exit(1);
    },
    finish() {
      const passed = results.filter(Boolean).length;
      console.log(`${passed} passed, ${results.length - passed} failed`);
      process.exit(passed === results.length ? 0 : 1);
    },
  };
}

/**
 * Where a runner (`hook/<client>/e2e/run.mjs`, given as its `import.meta.url`) keeps the client
 * `version` (`.cache/<version>` beside it) and which checker it tests ($SHELL_WARDEN_CHECKER,
 * else the reactor's `checker/target/shell-warden`).
 */
export function suitePaths(runnerUrl, version) {
  const here = path.dirname(fileURLToPath(runnerUrl));
  const repo = path.resolve(here, '..', '..', '..');
  return {
    cacheDir: path.join(here, '.cache', version),
    checker: process.env.SHELL_WARDEN_CHECKER || path.join(repo, 'checker', 'target', 'shell-warden'),
  };
}

/**
 * A directory `<parent>/victim` holding `precious.txt`: the target of a delete the hook must
 * refuse (outside the project for most runners; inside it for Copilot CLI, see its run.mjs).
 * Returns its path and whether the file survived.
 */
export function victim(parent) {
  const dir = path.join(parent, 'victim');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'precious.txt'), 'keep me\n');
  return { dir, survived: () => fs.existsSync(path.join(dir, 'precious.txt')) };
}

/** Fails the suite unless `checker` is an executable file. */
export function requireChecker(suite, checker) {
  if (!fs.existsSync(checker) || (fs.statSync(checker).mode & 0o111) === 0) {
    suite.fail(`no executable checker at ${checker}: run \`mvn -B -DskipTests package\` first or set SHELL_WARDEN_CHECKER`);
  }
}

/**
 * `pkg@version` installed into `cacheDir` (once: again only when missing or of another version);
 * returns the package's folder.
 */
export function installFromNpm(suite, cacheDir, pkg, version) {
  const pkgDir = path.join(cacheDir, 'node_modules', ...pkg.split('/'));
  const manifest = path.join(pkgDir, 'package.json');
  const installed = fs.existsSync(manifest) ? JSON.parse(fs.readFileSync(manifest, 'utf8')).version : null;
  if (installed !== version) {
    fs.mkdirSync(cacheDir, { recursive: true });
    fs.writeFileSync(path.join(cacheDir, 'package.json'), JSON.stringify({
      private: true, dependencies: { [pkg]: version } }, null, 2));
    console.log(`installing ${pkg}@${version} into ${cacheDir}`);
    const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', '--prefix', cacheDir],
      { stdio: 'inherit', timeout: 600000 });
    if (r.status !== 0) suite.fail(`npm install failed (${r.error || r.status})`);
  }
  return pkgDir;
}

/**
 * `pkg@version` installed into `cacheDir` (see installFromNpm); returns the file of its bin entry
 * `name` (a client started with Node), failing the suite when there is none.
 */
export function installNpmBin(suite, cacheDir, pkg, version, name) {
  const pkgDir = installFromNpm(suite, cacheDir, pkg, version);
  const bin = path.join(pkgDir, JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')).bin[name]);
  if (!fs.existsSync(bin)) suite.fail(`no ${name} entry at ${bin}`);
  return bin;
}

/**
 * The recommended hook command line around `command`: a checker that cannot start (missing
 * executable or JVM) or crashes ends as exit 2 with a reason line on stderr, a refusal for the
 * clients that take this form (Gemini CLI, Copilot CLI).
 */
export const guarded = (command) => `${command} || { echo "shell-warden hook failed: ask the user to run the command" >&2; exit 2; }`;

/**
 * An environment with nothing of the caller's but PATH: `home` as HOME and XDG base, a TMPDIR
 * inside it (created), and every proxy-aware request not to 127.0.0.1 sent to a dead local port.
 */
export function isolatedEnv(home, extra) {
  const env = {
    PATH: process.env.PATH || '/usr/bin:/bin',
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_CACHE_HOME: path.join(home, '.cache'),
    XDG_DATA_HOME: path.join(home, '.local', 'share'),
    XDG_STATE_HOME: path.join(home, '.local', 'state'),
    TMPDIR: path.join(home, 'tmp'),
    HTTP_PROXY: 'http://127.0.0.1:9',
    HTTPS_PROXY: 'http://127.0.0.1:9',
    NO_PROXY: '127.0.0.1,localhost',
    ...extra,
  };
  fs.mkdirSync(env.TMPDIR, { recursive: true });
  return env;
}

/**
 * Runs `bin args` in `cwd` with `env`, killing its whole process group after `timeoutMs`;
 * resolves to { code, json, stdout, stderr, timedOut } where json is `parseJson(stdout)` or null.
 */
export function runClient(bin, args, { cwd, env, timeoutMs, parseJson }) {
  return new Promise((resolve) => {
    const child = spawn(bin, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try { process.kill(-child.pid, 'SIGKILL'); } catch { /* already gone */ }
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      let json = null;
      try { json = parseJson(stdout); } catch { /* the caller reports it */ }
      resolve({ code, json, stdout, stderr, timedOut });
    });
  });
}

/**
 * Starts an HTTP server on 127.0.0.1 at a free port. Every request is recorded in
 * `log.requests`; its body is parsed as JSON (400 when it is not) and handed to
 * `handle(req, body, res, log)`. Resolves to { url, log, close }.
 */
export function startJsonServer(handle) {
  const log = { requests: [], results: [] };
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      log.requests.push({ method: req.method, url: req.url });
      let body;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'bad json' } }));
        return;
      }
      handle(req, body, res, log);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ url: `http://127.0.0.1:${port}`, log, close: () => new Promise((r) => server.close(r)) });
    });
  });
}

/** A function giving a fresh HOME and project folder, `<work>/<name>/{home,project}`, per client run. */
export function sandboxes(work) {
  return (name) => {
    const home = path.join(work, name, 'home');
    const project = path.join(work, name, 'project');
    fs.mkdirSync(home, { recursive: true });
    fs.mkdirSync(project, { recursive: true });
    return { home, project };
  };
}

/** One line on a client run and what the model server recorded, for a failed check. */
export function describeRun(r, log) {
  return `exit ${r.code}${r.timedOut ? ' (killed after timeout)' : ''}; results `
    + `${JSON.stringify(log.results)}; stdout ${r.stdout.slice(0, 800)}; stderr ${r.stderr.slice(0, 800)}`;
}

/**
 * The tool calls a scripted prompt asks for, in order: every `KIND[[arg]]` marker whose KIND is
 * one of `kinds` (e.g. RUN, READ), as [{ kind, arg }]. The model servers answer one per turn.
 */
export function markersOf(text, kinds) {
  const marker = new RegExp(`(${kinds.join('|')})\\[\\[([\\s\\S]*?)\\]\\]`, 'g');
  return [...text.matchAll(marker)].map((m) => ({ kind: m[1], arg: m[2] }));
}

/** `{{PAD:n}}` in a command becomes n letters, for inputs larger than a prompt can carry. */
export const padded = (command) => command.replace(/\{\{PAD:(\d+)\}\}/g, (_, len) => 'a'.repeat(Number(len)));

/** The scripted model's final text once every call has a result: it quotes every tool result. */
export const summaryOf = (results) =>
  `DONE\n${results.map((r, i) => `RESULT ${i} (${r.isError ? 'error' : 'ok'}): ${r.text}`).join('\n')}`;

/** Writes `value` as a JSON response. */
export function sendJson(res, status, value) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}
