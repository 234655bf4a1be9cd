/**
 * Debian's nginx running infra/deploy/nginx.conf in front of processes on loopback, for the scaled-shape process test
 * and `npm run bench -- --shape scaled`. The deployed file is used as it is: only its upstreams' `server` lines (one per
 * process here instead of compose's service names) and its `listen` line are replaced, inside a main config that keeps
 * everything (pid, logs, temp files) in a temp folder, in the foreground, without root. A deployed file whose upstream
 * or listen lines changed shape fails here, loudly, instead of being tested half.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports.ts';

const root = new URL('../..', import.meta.url).pathname;
export const DEPLOYED_NGINX_CONF = join(root, 'infra/deploy/nginx.conf');
const NGINX_CANDIDATES = [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx'];

/** Debian's nginx (`apt-get install -y nginx`; .ci/run installs it), or null. */
export function nginxPath(): string | null {
  return NGINX_CANDIDATES.find((path): path is string => !!path && existsSync(path)) ?? null;
}

export interface NginxUpstreams {
  /** Loopback ports of the query-api processes. */
  readonly queryApi: readonly number[];
  /** Loopback ports of the command-api processes. */
  readonly commandApi: readonly number[];
}

/** The deployed server config with the upstreams pointed at loopback ports and nginx listening on `port`. */
export function deployedConfigFor(upstreams: NginxUpstreams, port: number): string {
  let text = readFileSync(DEPLOYED_NGINX_CONF, 'utf8');
  const replace = (pattern: RegExp, replacement: string, what: string) => {
    if (!pattern.test(text)) throw new Error(`infra/deploy/nginx.conf has no ${what} line of the expected shape`);
    text = text.replace(pattern, replacement);
  };
  const servers = (ports: readonly number[]) => ports.map((each) => `server 127.0.0.1:${each};`).join(' ');
  replace(/^(\s*)server query-api:\d+;$/m, `$1${servers(upstreams.queryApi)}`, "query_api's server");
  replace(/^(\s*)server command-api:\d+;$/m, `$1${servers(upstreams.commandApi)}`, "command_api's server");
  replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${port};`, 'listen');
  return text;
}

/** The main config around it: foreground, everything in `dir`, one worker per core. */
function mainConfig(dir: string, server: string): string {
  return [
    'daemon off;',
    'worker_processes auto;',
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'error.log')} warn;`,
    'events { worker_connections 4096; }',
    'http {',
    `  client_body_temp_path ${join(dir, 'client_body')};`,
    `  proxy_temp_path ${join(dir, 'proxy')};`,
    `  fastcgi_temp_path ${join(dir, 'fastcgi')};`,
    `  uwsgi_temp_path ${join(dir, 'uwsgi')};`,
    `  scgi_temp_path ${join(dir, 'scgi')};`,
    server,
    '}',
    '',
  ].join('\n');
}

export interface RunningNginx {
  /** http://127.0.0.1:{port}: the one origin the browser sees. */
  readonly url: string;
  readonly process: ChildProcess;
  /** The error log so far (for a failing test's message). */
  errors(): string;
  /** SIGQUIT (graceful), then SIGKILL after 5 s; removes its folder. */
  stop(): Promise<void>;
}

/** True once something accepts TCP connections on the loopback port. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.setTimeout(2000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts nginx with the deployed routing in front of `upstreams`; resolves once it accepts connections on its port, so
 * it does not depend on the services being up (nor marks them down before they are).
 */
export async function startNginx(upstreams: NginxUpstreams): Promise<RunningNginx> {
  const binary = nginxPath();
  if (binary === null) throw new Error('nginx is missing: apt-get install -y nginx (.ci/run does it)');
  const dir = mkdtempSync(join(tmpdir(), 'kartvizit-nginx-'));
  // As root, nginx's workers run as nobody: they must be able to reach the temp folders inside.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, mainConfig(dir, deployedConfigFor(upstreams, port)));
  const checked = spawnSync(binary, ['-t', '-q', '-p', dir, '-e', join(dir, 'error.log'), '-c', conf], {
    encoding: 'utf8',
  });
  if (checked.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`nginx -t refused the generated config: ${checked.stderr}`);
  }
  const child = spawn(binary, ['-p', dir, '-e', join(dir, 'error.log'), '-c', conf], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const errors = () => {
    try {
      return readFileSync(join(dir, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const log = errors();
      await stop();
      throw new Error(`nginx exited (${child.exitCode ?? child.signalCode}): ${log}`);
    }
    // Listening is ready enough. An HTTP probe would go on to the upstreams, and while they are still starting nginx
    // would mark each one failed for its fail_timeout (10 s): the first real requests after they came up were then
    // answered 502 'no live upstreams' (a journey whose assets all failed).
    if (await accepts(port)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error('nginx did not listen within 30 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, process: child, errors, stop };
}
