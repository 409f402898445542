// A whole API instance in a child process, for the job runner's tests (kill -9, several instances):
// startServer with the environment it is given, plus two job kinds of the tests' own:
//   test-mail: sends a mail to payload.to with subject payload.subject (counted at the mail catcher);
//   test-slow: appends "start {key} {attempt}" to payload.file, waits payload.ms on the first
//              attempt only, then appends "done {key}".
// Prints "ready {url}" when listening. Reads JSON lines on stdin: {"schedule": [ScheduleInput…]}
// (runAt as ISO text), answering "scheduled {n}".
import { appendFileSync } from 'node:fs';
import readline from 'node:readline';
import { startServer } from '../../api/src/main';

const running = await startServer(process.env);
const { jobs, mailer } = running.deps;
jobs.define('test-mail', async (p) => {
  await mailer.send({ to: String(p.to), subject: String(p.subject), text: `sent by ${process.pid}` });
});
jobs.define('test-slow', async (p, job) => {
  appendFileSync(String(p.file), `start ${job.key} ${job.attempt}\n`);
  if (job.attempt === 1) await new Promise((r) => setTimeout(r, Number(p.ms)));
  appendFileSync(String(p.file), `done ${job.key}\n`);
});
console.log(`ready ${running.url}`);

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  void (async () => {
    const cmd = JSON.parse(line) as { schedule?: Array<{ key: string; kind: string; runAt: string; payload?: Record<string, unknown>; }>; };
    for (const s of cmd.schedule ?? []) await jobs.schedule({ ...s, runAt: new Date(s.runAt) });
    console.log(`scheduled ${cmd.schedule?.length ?? 0}`);
  })();
});
process.on('SIGTERM', () => void running.close().then(() => process.exit(0)));
