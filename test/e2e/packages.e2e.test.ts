// The store packages, as `npm run zip` makes them: the Chrome and Firefox zips, and the Firefox
// sources zip (what builds the extension, without tests and tools). The Firefox build passes
// `web-ext lint` with no errors, and with no warning but the one the README explains.
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { withOutputLock } from '../support/output-lock';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const OUTPUT = join(ROOT, '.output');
const { name, version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
};
const ICON_SIZES = ['16', '32', '48', '96', '128'];

/** npm's environment without vitest's NODE_ENV=test, which would make Vite build for development. */
function userEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.NODE_ENV;
  return env;
}

async function openZip(kind: 'chrome' | 'firefox' | 'sources'): Promise<JSZip> {
  return JSZip.loadAsync(await readFile(join(OUTPUT, `${name}-${version}-${kind}.zip`)));
}

const filesOf = (zip: JSZip) =>
  Object.values(zip.files)
    .filter((entry) => !entry.dir)
    .map((entry) => entry.name);

async function manifestOf(zip: JSZip): Promise<Record<string, unknown>> {
  const text = await zip.file('manifest.json')?.async('string');
  expect(text, 'the package has a manifest.json').toBeDefined();
  return JSON.parse(text ?? '{}');
}

/** Every file the manifest names (icons, pages, scripts), to check that the package has it. */
function referencedFiles(manifest: Record<string, unknown>): string[] {
  const icons = Object.values((manifest.icons ?? {}) as Record<string, string>);
  const action = manifest.action as { default_popup?: string } | undefined;
  const options = manifest.options_ui as { page?: string } | undefined;
  const background = manifest.background as
    | { service_worker?: string; scripts?: string[] }
    | undefined;
  return [
    ...icons,
    action?.default_popup,
    options?.page,
    background?.service_worker,
    ...(background?.scripts ?? []),
  ].filter((file): file is string => typeof file === 'string');
}

beforeAll(async () => {
  await withOutputLock(() =>
    run('npm', ['run', 'zip'], { cwd: ROOT, env: userEnv(), timeout: 180_000 }),
  );
}, 400_000);

describe('npm run zip', () => {
  it('packages Chrome with the permissions its features use, and nothing broader', async () => {
    const zip = await openZip('chrome');
    const manifest = await manifestOf(zip);
    expect(manifest).toMatchObject({
      manifest_version: 3,
      name: '__MSG_extName__',
      default_locale: 'en',
      permissions: [
        'storage',
        'tabs',
        'contextMenus',
        'notifications',
        'alarms',
        'scripting',
        'activeTab',
        'sidePanel',
      ],
      omnibox: { keyword: 'sr' },
      optional_host_permissions: ['https://*/*', 'http://*/*'],
      background: { service_worker: 'background.js' },
      side_panel: { default_path: 'sidepanel.html' },
    });
    for (const key of ['host_permissions', 'content_scripts', 'web_accessible_resources']) {
      expect(manifest, key).not.toHaveProperty(key);
    }
    expect(Object.keys(manifest.icons as object).sort()).toEqual([...ICON_SIZES].sort());
    const files = filesOf(zip);
    expect(files).toEqual(expect.arrayContaining(referencedFiles(manifest)));
    expect(files).toContain('_locales/en/messages.json');
  });

  it('packages Firefox (MV3) with a gecko id, data consent and optional origins', async () => {
    const zip = await openZip('firefox');
    const manifest = await manifestOf(zip);
    expect(manifest).toMatchObject({
      manifest_version: 3,
      permissions: [
        'storage',
        'tabs',
        'contextMenus',
        'notifications',
        'alarms',
        'scripting',
        'activeTab',
      ],
      omnibox: { keyword: 'sr' },
      optional_host_permissions: ['https://*/*', 'http://*/*'],
      background: { scripts: ['background.js'] },
      sidebar_action: { default_panel: 'sidepanel.html' },
      browser_specific_settings: {
        gecko: {
          id: expect.stringMatching(/@/),
          strict_min_version: expect.any(String),
          data_collection_permissions: { required: ['none'] },
        },
      },
    });
    expect(filesOf(zip)).toEqual(expect.arrayContaining(referencedFiles(manifest)));
  });

  it('makes a Firefox sources package that builds the extension, without tests and tools', async () => {
    const files = filesOf(await openZip('sources'));
    expect(files).toEqual(
      expect.arrayContaining([
        'package.json',
        'package-lock.json',
        'wxt.config.ts',
        'tsconfig.json',
        'README.md',
        'entrypoints/background.ts',
        'lib/api/client.ts',
        'public/_locales/en/messages.json',
      ]),
    );
    const excluded = files.filter((file) =>
      /^(test|server|scripts|bench|docs|\.ci|\.output|\.wxt|\.data|node_modules)\//.test(file),
    );
    expect(excluded).toEqual([]);
  });
});

describe('web-ext lint on the Firefox build', () => {
  it('finds no errors, and no warning but Preact’s innerHTML (see README)', async () => {
    const sourceDir = join(OUTPUT, 'firefox-mv3');
    const { stdout } = await run(
      join(ROOT, 'node_modules/.bin/web-ext'),
      ['lint', '--source-dir', sourceDir, '--output', 'json', '--no-input'],
      { cwd: ROOT, env: userEnv(), timeout: 120_000 },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(stdout) as {
      errors: { code: string; message: string }[];
      warnings: { code: string; message: string; file: string }[];
    };
    expect(report.errors).toEqual([]);
    for (const warning of report.warnings) {
      expect(warning).toMatchObject({
        code: 'UNSAFE_VAR_ASSIGNMENT',
        message: expect.stringMatching(/innerHTML/),
      });
      // The warned-about assignment is in the chunk that holds Preact's renderer.
      const chunk = await readFile(join(sourceDir, warning.file), 'utf8');
      expect(chunk).toMatch(/dangerouslySetInnerHTML/);
    }
    expect(await readdir(sourceDir)).toContain('manifest.json');
  });
});
