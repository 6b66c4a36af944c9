// The English catalogue: every key is used, every sentence is written once, and every named
// placeholder is defined — so a translation is a copy of one file, with nothing dead in it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { t } from '../../lib/i18n';
import english from '../../public/_locales/en/messages.json';

type Entry = { message: string; placeholders?: Record<string, { content: string }> };
const catalogue = english as Record<string, Entry>;

const ROOT = join(import.meta.dirname, '../..');

/** The extension's own source: where a key can be used. */
function sources(): string {
  const files = ['wxt.config.ts'];
  for (const dir of ['lib', 'components', 'entrypoints']) {
    for (const file of readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })) {
      if (/\.(ts|tsx|html)$/.test(file)) files.push(join(dir, file));
    }
  }
  return files.map((file) => readFileSync(join(ROOT, file), 'utf8')).join('\n');
}

describe('t', () => {
  it('reads the English catalogue', () => {
    expect(t('extName')).toBe('Site Report');
  });
});

describe('the English catalogue', () => {
  const code = sources();
  // Keys built at run time, as in t(`popup_unsupported_${reason}`), are used by their prefix.
  const prefixes = [...code.matchAll(/\bt\(`(\w+)\$\{/g)].map((match) => match[1] as string);

  it('uses every key (an unused one is for removing)', () => {
    const unused = Object.keys(catalogue).filter(
      (key) =>
        !code.includes(`'${key}'`) &&
        !code.includes(`"${key}"`) &&
        !code.includes(`__MSG_${key}__`) &&
        !prefixes.some((prefix) => key.startsWith(prefix)),
    );
    expect(unused).toEqual([]);
  });

  it('writes every sentence once', () => {
    const keysBySentence = new Map<string, string[]>();
    for (const [key, { message }] of Object.entries(catalogue)) {
      // Labels ("Delete", "Date created") may repeat: they name different controls.
      if (!/\s/.test(message) || !/[.?!:…]$/.test(message)) continue;
      keysBySentence.set(message, [...(keysBySentence.get(message) ?? []), key]);
    }
    const repeated = [...keysBySentence].filter(([, keys]) => keys.length > 1);
    expect(repeated).toEqual([]);
  });

  it('defines the placeholders each message names, and no others', () => {
    const wrong = Object.entries(catalogue).filter(([, { message, placeholders = {} }]) => {
      const named = new Set(
        [...message.matchAll(/\$([A-Z_]+)\$/g)].map((m) => m[1]?.toLowerCase()),
      );
      return [...named].sort().join() !== Object.keys(placeholders).sort().join();
    });
    expect(wrong.map(([key]) => key)).toEqual([]);
  });
});
