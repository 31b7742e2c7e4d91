// `npm run dev`: the API with hot restart (tsx watch) on API_PORT and Vite's dev server with hot
// module reload on PORT (default 5000), proxying /api to the API.
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '5000';
const apiPort = process.env.API_PORT ?? '5001';
const children = [];
const run = (cmd, args, env) => {
  const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  children.push(child);
  child.on('exit', (code) => {
    for (const c of children) if (c !== child) c.kill('SIGTERM');
    process.exit(code ?? 0);
  });
};
await new Promise((resolve, reject) => {
  const c = spawn('sh', ['-c', 'node scripts/compile-contracts.mjs && node scripts/compile-aerodrome.mjs'], {
    stdio: 'inherit',
  });
  c.on('exit', (code) => (code === 0 ? resolve() : reject(new Error('contract compile failed'))));
});
run('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
  PORT: apiPort,
  HOST: '127.0.0.1',
  NODE_ENV: 'development',
});
run('npx', ['vite', '--port', port, '--strictPort'], { API_PORT: apiPort });
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    for (const c of children) c.kill(sig);
  });
}
