// The benchmark's byte counting (bench/bytes.ts), which the byte budgets in `npm test` rely on:
// what an HTML page loads first, following static imports, and what import() adds later.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gzipSize, htmlAssets, jsImports, loadSize, pageSize } from '../../bench/bytes';

describe('htmlAssets', () => {
  it('finds scripts, stylesheets and module preloads, not other links or comments', () => {
    const html = `<!doctype html><head>
      <script type="module" crossorigin src="/chunks/popup-a.js"></script>
      <link rel="modulepreload" crossorigin href="/chunks/send-b.js">
      <link rel="stylesheet" href="./assets/theme.css">
      <link rel="icon" href="/icon/16.png">
      <!-- <script src="/old.js"></script> -->
      <script src="https://cdn.example/x.js"></script>
    </head>`;
    expect(htmlAssets(html, 'popup.html')).toEqual([
      'chunks/popup-a.js',
      'chunks/send-b.js',
      'assets/theme.css',
    ]);
  });
});

describe('jsImports', () => {
  it('reads the static and dynamic imports of minified chunks', () => {
    const code =
      'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["chunks/Reports-c.js","assets/r.css"])))=>i.map(i=>d[i]);' +
      'import{a as e,b as t}from"./send-b.js";import"./side-d.js";export{x}from"./re-e.js";' +
      'let s=`import"./not-code.js"`;const v=()=>import(`./Reports-c.js`);';
    const found = jsImports(code, 'chunks/popup-a.js');
    expect(found.static).toEqual(['chunks/send-b.js', 'chunks/side-d.js', 'chunks/re-e.js']);
    expect(found.dynamic).toEqual(['chunks/Reports-c.js']);
    expect(found.preloadDeps).toEqual(['chunks/Reports-c.js', 'assets/r.css']);
  });
});

describe('loadSize', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function build(files: Record<string, string>) {
    root = mkdtempSync(join(tmpdir(), 'bench-bytes-'));
    for (const [file, content] of Object.entries(files)) {
      mkdirSync(join(root, file, '..'), { recursive: true });
      writeFileSync(join(root, file), content);
    }
  }

  it('counts each first-load file once and the lazy chunks apart', () => {
    build({
      'popup.html':
        '<script type="module" src="/chunks/popup.js"></script><link rel="modulepreload" href="/chunks/shared.js"><link rel="stylesheet" href="/assets/a.css">',
      'chunks/popup.js':
        'import{a}from"./shared.js";import"./util.js";const l=()=>import("./lazy.js");',
      'chunks/util.js': 'import{a}from"./shared.js";export const u=1;',
      'chunks/shared.js': 'export const a=1;'.repeat(50),
      'chunks/lazy.js':
        'import{a}from"./shared.js";import{z}from"./lazy-only.js";export const v=a;',
      'chunks/lazy-only.js': 'export const z=2;',
      'assets/a.css': 'body{color:red}',
    });
    const size = pageSize(root, 'popup.html');
    expect(size.firstLoad.map((file) => file.file).sort()).toEqual([
      'assets/a.css',
      'chunks/popup.js',
      'chunks/shared.js',
      'chunks/util.js',
    ]);
    expect(size.lazy.map((file) => file.file).sort()).toEqual([
      'chunks/lazy-only.js',
      'chunks/lazy.js',
    ]);
    expect(size.firstLoadGzip).toBe(size.firstLoad.reduce((sum, file) => sum + file.gzip, 0));
    expect(size.firstLoad.find((file) => file.file === 'chunks/shared.js')?.gzip).toBe(
      gzipSize('export const a=1;'.repeat(50)),
    );
  });

  it('fails loudly when a referenced file is missing', () => {
    build({ 'chunks/a.js': 'import"./gone.js";' });
    expect(() => loadSize(root, ['chunks/a.js'])).toThrow(/gone\.js is referenced/);
  });
});
