// Runs Debian's nginx binary as the current user on a loopback port, over a config brochure wrote, for the URL-table tests.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

/** The nginx binary, or the reason there is none (the test then reports itself skipped with it). */
export function findNginx(): { binary: string; version: string } | { missing: string } {
  const binary = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((candidate) =>
    existsSync(candidate),
  );
  if (!binary) return { missing: 'nginx is not installed (apt-get install -y nginx); .ci/run installs it' };
  const version = /nginx\/([\d.]+)/.exec(spawnSync(binary, ['-v'], { encoding: 'utf8' }).stderr)?.[1] ?? 'unknown';
  return { binary, version };
}

/** A free loopback port (the kernel picks it; it is released at once for nginx to take). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The main config around brochure's `server` block: every path nginx writes (pid, error log, temp
 * folders) inside `dir`, in the foreground, so no root and no /var/log are needed. As root (CI), the
 * workers would switch to `nobody`, who cannot read a private temp folder: they stay root there.
 */
function mainConfig(dir: string): string {
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, 'temp', name)};`;
  return [
    'daemon off;',
    'worker_processes 1;',
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')} warn;`,
    'events { worker_connections 64; }',
    'http {',
    '    access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `    ${temp(name)}`),
    `    include ${path.join(dir, 'site.conf')};`,
    '}',
    '',
  ].join('\n');
}

/** `nginx -t` on a server block: resolves to nginx's output, rejects with it when the test fails. */
export async function testConfig(binary: string, dir: string, serverBlock: string): Promise<string> {
  await writeConfig(dir, serverBlock);
  const result = spawnSync(binary, ['-t', ...args(dir)], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`nginx -t failed:\n${result.stderr}`);
  return result.stderr;
}

/** A running nginx; `stop` ends it (by its own pid) and resolves once it has exited. */
export interface RunningNginx {
  url: string;
  stop(): Promise<void>;
  errors(): Promise<string>;
}

/** Starts nginx over `serverBlock` (which must listen on 127.0.0.1:`port`) and waits until it accepts connections. */
export async function startNginx(
  binary: string,
  dir: string,
  serverBlock: string,
  port: number,
): Promise<RunningNginx> {
  await writeConfig(dir, serverBlock);
  const child: ChildProcess = spawn(binary, args(dir), { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitForPort(port, exited, () => stderr);
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
    },
    errors: () => readFile(path.join(dir, 'error.log'), 'utf8').catch(() => ''),
  };
}

async function writeConfig(dir: string, serverBlock: string): Promise<void> {
  await mkdir(path.join(dir, 'temp'), { recursive: true });
  await writeFile(path.join(dir, 'site.conf'), serverBlock);
  await writeFile(path.join(dir, 'nginx.conf'), mainConfig(dir));
}

function args(dir: string): string[] {
  return ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')];
}

// Tries to connect every 10 ms until nginx listens, or fails as soon as it exits.
async function waitForPort(port: number, exited: Promise<void>, output: () => string): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (gone) throw new Error(`nginx exited:\n${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nginx did not listen on ${port}:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
