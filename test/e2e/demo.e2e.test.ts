// The README's first command on a machine without a display: `npm run demo` builds the
// extension, starts the local service with its sample pages, finds no window to open, walks the
// main flow headless in Chromium (create a report, read the badge, list reports) and saves the
// screenshots. `--headless` takes the same walk on purpose.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { withOutputLock } from '../support/output-lock';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let folder = '';
afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE), 'a PNG file').toBe(true);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('npm run demo, without a display', () => {
  it('walks create, badge and list headless against the local service, and saves the screenshots', async () => {
    folder = await mkdtemp(join(tmpdir(), 'site-report-demo-'));
    const env = { ...process.env };
    // As a person runs it: vitest's NODE_ENV=test would make the build a development one.
    delete env.NODE_ENV;
    // A machine without a display: no window can be opened.
    delete env.DISPLAY;
    delete env.WAYLAND_DISPLAY;
    const { stdout } = await withOutputLock(() =>
      run('npm', ['run', 'demo', '--', '--port', '0', '--screenshots', folder], {
        cwd: ROOT,
        env,
        timeout: 150_000,
      }),
    );

    expect(stdout).toContain(
      'No display found to open a browser window on: walking the demo headless',
    );
    expect(stdout).toMatch(/Site Report Service: http:\/\/127\.0\.0\.1:\d+\/api\/v1/);
    expect(stdout).toMatch(/Created a report for http:\/\/127\.0\.0\.1:\d+\/\S+: Good/);
    expect(stdout).toMatch(/Toolbar badge: "\S{1,4}" \(Site Report: Good, generated /);
    const listed = /Reports listed: (\d+)/.exec(stdout);
    expect(Number(listed?.[1])).toBe(3);
    expect(stdout).toMatch(/Workspace rows: 3\b/);

    const shots = [
      'options',
      'popup-reports',
      'popup-reports-dark',
      'popup-this-page',
      'workspace-dark',
    ];
    expect((await readdir(folder)).sort()).toEqual(shots.map((name) => `${name}.png`).sort());
    for (const name of shots) {
      const { width, height } = pngSize(await readFile(join(folder, `${name}.png`)));
      expect(width, name).toBeGreaterThanOrEqual(400);
      expect(height, name).toBeGreaterThanOrEqual(500);
    }
    expect(stdout).toContain(`Screenshots saved to ${folder}.`);
  }, 400_000);
});
