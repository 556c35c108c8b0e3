/**
 * nginx in front of broker processes, for tests: renders the shipped site config
 * (deploy/nginx/broker.conf) for loopback ports and runs it in the foreground from a temp dir, so
 * it needs no root paths, no system nginx and no port 80.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './processes.js';

export const SHIPPED_SITE_CONFIG = fileURLToPath(new URL('../../deploy/nginx/broker.conf', import.meta.url));

/** The nginx binary (NGINX_BIN, else Debian's path, else the PATH), or undefined when absent. */
export function nginxBinary(): string | undefined {
  if (process.env.NGINX_BIN) return process.env.NGINX_BIN;
  if (existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx';
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : undefined;
}

const UPSTREAM_SERVER = /^(\s*)server\s+(\S+)(\s[^;]*)?;\s*$/;
const LISTEN = /^(\s*)listen\s+\S+\s*;\s*$/;

/** The `server host:port ...;` addresses of the shipped upstream block, in order. */
export function upstreamAddresses(site: string): string[] {
  return site
    .split('\n')
    .map((line) => line.match(UPSTREAM_SERVER)?.[2])
    .filter((a): a is string => a !== undefined);
}

/**
 * The shipped site with only two things changed: the listen line (-> 127.0.0.1:port) and the
 * upstream server lines (-> one per given address, keeping the first line's parameters such as
 * max_fails). Everything else (headers, timeouts, keep-alive, body size) is tested as shipped.
 */
export function renderSiteConfig(site: string, listenPort: number, upstreams: string[]): string {
  const lines = site.split('\n');
  const servers = lines.map((l, i) => (UPSTREAM_SERVER.test(l) ? i : -1)).filter((i) => i >= 0);
  const listens = lines.filter((l) => LISTEN.test(l));
  if (servers.length === 0 || listens.length !== 1) throw new Error('site config: expected upstream server lines and one listen line');
  const [, indent, , params] = lines[servers[0]!]!.match(UPSTREAM_SERVER)!;
  const rendered = upstreams.map((address) => `${indent}server ${address}${params ?? ''};`);
  return lines
    .flatMap((line, i) => (i === servers[0] ? rendered : servers.includes(i) ? [] : [line]))
    .map((line) => line.replace(LISTEN, `$1listen 127.0.0.1:${listenPort};`))
    .join('\n');
}

/** A main nginx.conf around a site file, with every path (logs, temp files) inside `dir`. */
function mainConfig(dir: string, siteFile: string): string {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${join(dir, kind)};`);
  return [
    'worker_processes 1;',
    `error_log ${join(dir, 'error.log')} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    `  access_log ${join(dir, 'access.log')} combined;`,
    ...temp,
    `  include ${siteFile};`,
    '}',
    '',
  ].join('\n');
}

/** `nginx -t` on a site config (text), wrapped in a temp main config. */
export function checkSiteConfig(site: string): { ok: boolean; output: string } {
  const bin = nginxBinary();
  if (!bin) return { ok: false, output: 'nginx is not installed' };
  const dir = workDir();
  try {
    const conf = writeConfigs(dir, site);
    const r = spawnSync(bin, ['-t', '-c', conf, '-p', dir, '-g', `pid ${join(dir, 'nginx.pid')};`], { encoding: 'utf8' });
    return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function workDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'broker-nginx-'));
  // Run as root (CI), nginx's workers drop to `nobody`: they must reach the temp dirs in here.
  chmodSync(dir, 0o755);
  return dir;
}

function writeConfigs(dir: string, site: string): string {
  const siteFile = join(dir, 'broker.conf');
  writeFileSync(siteFile, site);
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, mainConfig(dir, siteFile));
  return conf;
}

export interface RunningNginx {
  url: string;
  proc: ChildProcess;
  accessLog: () => string;
  errorLog: () => string;
  stop: () => Promise<void>;
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** Runs the shipped site config in front of `upstreams` (host:port) on a free loopback port. */
export async function startNginx(upstreams: string[], timeoutMs = 15_000): Promise<RunningNginx> {
  const bin = nginxBinary();
  if (!bin) throw new Error('nginx is not installed (apt-get install nginx-light, or set NGINX_BIN)');
  const port = await freePort();
  const dir = workDir();
  const conf = writeConfigs(dir, renderSiteConfig(readFileSync(SHIPPED_SITE_CONFIG, 'utf8'), port, upstreams));
  const check = spawnSync(bin, ['-t', '-c', conf, '-p', dir, '-g', `pid ${join(dir, 'nginx.pid')};`], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t failed:\n${check.stderr}`);
  const proc = spawn(bin, ['-c', conf, '-p', dir, '-g', `daemon off; pid ${join(dir, 'nginx.pid')};`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const read = (file: string) => (existsSync(join(dir, file)) ? readFileSync(join(dir, file), 'utf8') : '');
  const deadline = Date.now() + timeoutMs;
  while (!(await portOpen(port))) {
    if (proc.exitCode !== null || Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`nginx did not start: ${stderr}${read('error.log')}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const exited = new Promise<void>((resolve) => (proc.exitCode !== null ? resolve() : proc.once('exit', () => resolve())));
  return {
    url: `http://127.0.0.1:${port}`,
    proc,
    accessLog: () => read('access.log'),
    errorLog: () => `${stderr}${read('error.log')}`,
    stop: async () => {
      if (proc.exitCode === null) proc.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
