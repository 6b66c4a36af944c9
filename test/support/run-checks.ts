// `npm test`: the lint, the type check and the tests at the same time (the lint and the type
// check would otherwise hold the tests back by half a minute). The tests' output streams as it
// comes; the lint's and the type check's is printed whole when they end. Arguments go to vitest.
// Exits non-zero when any of the three fails, and says which.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const bin = (name: string) => resolve(ROOT, 'node_modules/.bin', name);

interface Outcome {
  name: string;
  code: number;
  seconds: number;
}

function run(name: string, command: string, args: string[], quiet: boolean): Promise<Outcome> {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    const finish = (code: number) => {
      const seconds = (Date.now() - started) / 1000;
      if (quiet) {
        const text = Buffer.concat(output).toString().trimEnd();
        const verdict = code === 0 ? 'passed' : `FAILED (exit code ${code})`;
        process.stdout.write(`\n── ${name} ${verdict} in ${seconds.toFixed(1)} s\n`);
        if (code !== 0 && text) process.stdout.write(`${text}\n`);
      }
      done({ name, code, seconds });
    };
    child.on('error', (error) => {
      output.push(Buffer.from(String(error)));
      finish(1);
    });
    child.on('close', (code, signal) => finish(code ?? (signal ? 1 : 0)));
  });
}

const outcomes = await Promise.all([
  run('lint (biome check .)', bin('biome'), ['check', '.'], true),
  run('typecheck (tsc --noEmit)', bin('tsc'), ['--noEmit'], true),
  run('vitest run', bin('vitest'), ['run', ...process.argv.slice(2)], false),
]);

const failed = outcomes.filter((outcome) => outcome.code !== 0);
const summary = outcomes
  .map((o) => `${o.name}: ${o.code === 0 ? 'passed' : 'FAILED'} (${o.seconds.toFixed(1)} s)`)
  .join('\n');
process.stdout.write(`\n${summary}\n`);
process.exitCode = failed.length > 0 ? 1 : 0;
