// `npm test`: the type check, the linters and vitest at once, not one after the other. Each check alone
// keeps less than one core busy for most of its run (vitest's browser files mostly wait), so on the
// 2-core CI machine running them together ends when the longest does. vitest's output streams as it
// comes; the other two print theirs when they end. Exits non-zero when any of the three failed.
// Arguments go to vitest (`npm test -- --project api`).
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';

const started = Date.now();
const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;

function run(name, command, args, { stream, background = false }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', stream ? 'inherit' : 'pipe', stream ? 'inherit' : 'pipe'], env: process.env });
    // The type check and the linters take the cores only when the tests leave them idle (their
    // processes, started after this, inherit it): the tests are what the run waits for.
    if (background) {
      try {
        setPriority(child.pid, 10);
      } catch {
        // Not allowed here: they run at the tests' priority, as before.
      }
    }
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    child.on('close', (code, signal) => {
      const ok = code === 0;
      if (!stream) process.stdout.write(`\n── ${name}: ${ok ? 'passed' : 'FAILED'} after ${seconds()} ──\n${ok ? '' : output}`);
      resolve({ name, ok, took: seconds(), why: signal ? `stopped by ${signal}` : `exit code ${code}` });
    });
  });
}

const results = await Promise.all([
  run('typecheck', 'npx', ['tsc', '--noEmit'], { stream: false, background: true }),
  run('lint', 'npm', ['run', '--silent', 'lint'], { stream: false, background: true }),
  run('vitest', 'npx', ['vitest', 'run', ...process.argv.slice(2)], { stream: true }),
]);
process.stdout.write(`\n${results.map((r) => `${r.name}: ${r.ok ? 'passed' : `FAILED (${r.why})`} in ${r.took}`).join(' · ')}\n`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
