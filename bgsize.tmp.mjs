import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
const out = await build({ entryPoints: ['entrypoints/background.ts'], bundle: true, minify: true, write: false, format: 'esm', platform: 'browser', logLevel: 'error', outfile: 'x.js', absWorkingDir: process.cwd() });
const code = out.outputFiles[0].contents;
console.log('raw', code.length, 'gz', gzipSync(code).length);
