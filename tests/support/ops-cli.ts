// Runs the backup/restore CLIs as an operator does (a child process with its own environment).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export function startCli(
  script: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): { child: ChildProcess; done: Promise<{ code: number | null; stdout: string; stderr: string; }>; } {
  const child = spawn(process.execPath, ['--import', 'tsx', `api/src/cli/${script}.ts`, ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'silent', MONGODB_URI: '', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string; }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  return { child, done };
}

export const runCli = (script: 'backup' | 'restore', args: string[], env: Record<string, string>) => startCli(script, args, env).done;
