// The staff CLI as an operator runs it (a child process): create, duplicate, bad input, sign-in with the
// created account, the clear message while a server holds the embedded database, and MONGODB_URI.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngine, type RunningEngine } from '../../api/engine/index';
import { startTestServer } from '../support/test-server';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CLI_TIMEOUT = 90_000;

function staff(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string; }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/cli/staff.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, BCRYPT_COST: '4', LOG_LEVEL: 'silent', MONGODB_URI: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'sc-staff-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm run staff -- create (embedded database in DATA_DIR)', () => {
  it(
    'creates an account, refuses the same e-mail again, and the account can sign in',
    async () => {
      const created = await staff(['create', '--email', 'Manager@Example.com', '--name', 'Mia Manager', '--password', 'mia-pass-1', '--role', 'admin'], {
        DATA_DIR: dataDir,
      });
      expect(created.stderr).toBe('');
      expect(created.code).toBe(0);
      expect(created.stdout).toMatch(/Created admin account for Mia Manager <manager@example\.com>/);

      const dup = await staff(['create', '--email', 'manager@example.com', '--name', 'Someone Else', '--password', 'other-pass'], { DATA_DIR: dataDir });
      expect(dup.code).toBe(1);
      expect(dup.stderr.trim()).toBe('An account with the e-mail manager@example.com already exists.');

      const srv = await startTestServer({ DATA_DIR: dataDir, BCRYPT_COST: '4' });
      try {
        const login = await srv.call('POST', '/api/auth/employee/login', { json: { email: 'manager@example.com', password: 'mia-pass-1' } });
        expect(login.status).toBe(200);
        expect(login.body.user).toMatchObject({ name: 'Mia Manager', role: 'admin', is_active: true });
        // The duplicate attempt did not overwrite the password.
        expect((await srv.call('POST', '/api/auth/employee/login', { json: { email: 'manager@example.com', password: 'other-pass' } })).status).toBe(401);

        // While the server holds the embedded database, the CLI says so plainly instead of failing obscurely.
        const locked = await staff(['create', '--email', 'late@example.com', '--name', 'Late', '--password', 'late-pass'], { DATA_DIR: dataDir });
        expect(locked.code).toBe(2);
        expect(locked.stderr).toContain('is in use by a running server');
        expect(locked.stderr).toContain('Stop the server');
      } finally {
        await srv.close();
      }
    },
    CLI_TIMEOUT * 2,
  );

  it(
    'rejects bad input with the field messages and usage, without touching the database',
    async () => {
      const untouched = path.join(dataDir, 'never-created');
      const bad = await staff(['create', '--email', 'not-an-email', '--name', '', '--password', '123', '--role', 'king'], { DATA_DIR: untouched });
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain('--email: Please enter a valid email address');
      expect(bad.stderr).toContain('--name: Name is required');
      expect(bad.stderr).toContain('--password: Password must be at least 6 characters');
      expect(bad.stderr).toContain('--role: Role must be one of: employee, admin, super-admin');
      expect(bad.stderr).toContain('Usage: npm run staff -- create');
      expect(existsSync(untouched)).toBe(false);

      const noCommand = await staff(['delete', '--email', 'x@example.com'], { DATA_DIR: dataDir });
      expect(noCommand.code).toBe(1);
      expect(noCommand.stderr).toContain('Usage:');
      const unknownFlag = await staff(['create', '--mail', 'x@example.com'], { DATA_DIR: dataDir });
      expect(unknownFlag.code).toBe(1);
    },
    CLI_TIMEOUT,
  );
});

describe('npm run staff -- create (MONGODB_URI)', () => {
  let engine: RunningEngine;
  let engineDir: string;
  beforeAll(async () => {
    engineDir = await mkdtemp(path.join(tmpdir(), 'sc-staff-uri-'));
    engine = await startEngine({ dataDir: engineDir, port: 0 });
  });
  afterAll(async () => {
    await engine?.close();
    await rm(engineDir, { recursive: true, force: true });
  });

  it(
    'uses the MongoDB at MONGODB_URI when it is set',
    async () => {
      const env = { MONGODB_URI: `${engine.uri}sparkleclean?directConnection=true`, DATA_DIR: path.join(engineDir, 'unused') };
      const created = await staff(['create', '--email', 'uri@example.com', '--name', 'Uri User', '--password', 'uri-pass-1'], env);
      expect(created.code).toBe(0);
      expect(created.stdout).toContain('Created employee account for Uri User <uri@example.com>');
      // A second run sees the first one's account in the same database.
      const dup = await staff(['create', '--email', 'uri@example.com', '--name', 'Uri User', '--password', 'uri-pass-1'], env);
      expect(dup.code).toBe(1);
      expect(dup.stderr).toContain('already exists');
    },
    CLI_TIMEOUT,
  );
});
