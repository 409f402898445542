// `npm run dev`: the API (embedded database unless MONGODB_URI is set) plus Vite's dev server with
// hot reload, which proxies /api and /uploads to it. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const apiPort = process.env.API_PORT || '8081';

const api = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PORT: apiPort, SKIP_PWA_BUILD: '1' },
});
const vite = spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), '--config', 'pwa/vite.config.ts', '--host'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, API_URL: `http://localhost:${apiPort}` },
});

const stop = () => {
  api.kill('SIGTERM');
  vite.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
api.on('exit', (code) => {
  if (code) vite.kill('SIGTERM');
});
