import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = fileURLToPath(new URL('../../bin/robot-agent.js', import.meta.url));

export interface Served {
  url: string;
  child: ChildProcess;
  stderr: () => string;
  stdout: () => string;
  /** Kills the process (if it still runs) and waits for it to exit. */
  stop: () => Promise<void>;
}

/** Spawns the built `robot-agent serve --http --port 0` and reads the endpoint from its start-up line. */
export async function spawnServeHttp(extra: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<Served> {
  const child = spawn(process.execPath, [BIN, 'serve', '--http', '--port', '0', '--no-realtime', ...extra], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  };
  let stderr = '';
  let stdout = '';
  child.stdout!.on('data', (d) => (stdout += String(d)));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr!.on('data', (d) => {
        stderr += String(d);
        const m = /^robot-agent MCP server on (http:\/\/\S+) \(/m.exec(stderr);
        if (m) resolve(m[1]!);
      });
      child.once('exit', (code) => reject(new Error(`serve exited with ${code} before listening: ${stderr}`)));
    });
    return { url, child, stderr: () => stderr, stdout: () => stdout, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
