// Every translation in public/_locales is complete: the keys of the English catalogue and no
// others, a message for each, the same placeholders, and badge texts that fit on the toolbar
// button. A translation is a new folder; this test is what says it is finished.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

interface Entry {
  message?: unknown;
  description?: unknown;
  placeholders?: Record<string, { content?: unknown; example?: unknown }>;
}
type Catalogue = Record<string, Entry>;

const LOCALES = join(import.meta.dirname, '../../public/_locales');
const REFERENCE = 'en';

/** Badge texts: at most this many characters (lib/rating/badge.ts cuts the rest off). */
const BADGE_MAX = 4;
/** The badge texts of the ratings and states, which must differ from each other. */
const BADGE_PREFIX = 'badge_text_';
/** Limits of the Chrome Web Store for what the manifest takes from the catalogue. */
const LENGTH_LIMITS: Record<string, number> = { extName: 75, extDescription: 132 };

/** `$1`…`$9` in a message (`$$` is a literal dollar sign), as a sorted list without repeats. */
function positional(message: string): string[] {
  const found = new Set<string>();
  for (const [, dollars = '', digit = ''] of message.matchAll(/(\$+)(\d)/g)) {
    if (dollars.length % 2 === 1) found.add(`$${digit}`);
  }
  return [...found].sort();
}

/** The named placeholders a message uses (`$NAME$`), lower-cased as Chrome matches them. */
function named(message: string): string[] {
  const found = new Set<string>();
  for (const [, name = ''] of message.matchAll(/\$([A-Za-z0-9_@]+)\$/g)) {
    found.add(name.toLowerCase());
  }
  return [...found].sort();
}

/** The placeholders an entry defines: name (lower case) → content. */
function definitions(entry: Entry): Map<string, unknown> {
  return new Map(
    Object.entries(entry.placeholders ?? {}).map(([name, value]) => [
      name.toLowerCase(),
      value?.content,
    ]),
  );
}

/** The positional placeholders a message ends up with: its own and its named ones' contents. */
function resolvedPositions(entry: Entry): string[] {
  const message = typeof entry.message === 'string' ? entry.message : '';
  const contents = [...definitions(entry).values()].filter((c) => typeof c === 'string');
  return [...new Set([...positional(message), ...contents.flatMap(positional)])].sort();
}

const show = (list: string[]) => (list.length ? list.join(', ') : 'none');

/**
 * What is wrong with the catalogue `locale` measured against `reference` (the English one), as
 * sentences naming the key; [] when it is complete.
 */
function catalogueProblems(reference: Catalogue, locale: Catalogue): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(reference)) {
    if (!Object.hasOwn(locale, key)) problems.push(`${key}: missing`);
  }
  for (const key of Object.keys(locale)) {
    if (!Object.hasOwn(reference, key)) problems.push(`${key}: not in ${REFERENCE}`);
  }
  for (const [key, entry] of Object.entries(locale)) {
    const english = reference[key];
    if (!english) continue;
    if (typeof entry !== 'object' || entry === null) {
      problems.push(`${key}: not an object with a message`);
      continue;
    }
    const unknownFields = Object.keys(entry).filter(
      (field) => !['message', 'description', 'placeholders'].includes(field),
    );
    if (unknownFields.length) problems.push(`${key}: unknown fields ${show(unknownFields)}`);
    if (typeof entry.message !== 'string' || entry.message.trim() === '') {
      problems.push(`${key}: empty message`);
      continue;
    }
    const message = entry.message;
    const englishMessage = String(english.message ?? '');

    // Named placeholders: the same names used, defined with the same content.
    const usedNames = named(message);
    const expectedNames = named(englishMessage);
    if (usedNames.join() !== expectedNames.join()) {
      problems.push(
        `${key}: uses named placeholders ${show(usedNames)}, ${REFERENCE} uses ${show(expectedNames)}`,
      );
    }
    const defined = definitions(entry);
    const expectedDefined = definitions(english);
    const definedNames = [...defined.keys()].sort();
    if (definedNames.join() !== [...expectedDefined.keys()].sort().join()) {
      problems.push(
        `${key}: defines placeholders ${show(definedNames)}, ${REFERENCE} defines ${show([...expectedDefined.keys()].sort())}`,
      );
    }
    for (const [name, content] of expectedDefined) {
      if (defined.has(name) && defined.get(name) !== content) {
        problems.push(
          `${key}: placeholder ${name} is ${JSON.stringify(defined.get(name))}, ${REFERENCE} has ${JSON.stringify(content)}`,
        );
      }
    }
    // Positional ones: the same substitutions end up in the text ($1 directly or by a name).
    const positions = resolvedPositions(entry);
    const expectedPositions = resolvedPositions(english);
    if (positions.join() !== expectedPositions.join()) {
      problems.push(
        `${key}: shows substitutions ${show(positions)}, ${REFERENCE} shows ${show(expectedPositions)}`,
      );
    }

    if (key.startsWith(BADGE_PREFIX) && [...message].length > BADGE_MAX) {
      problems.push(`${key}: "${message}" is longer than ${BADGE_MAX} characters`);
    }
    const limit = LENGTH_LIMITS[key];
    if (limit !== undefined && [...message].length > limit) {
      problems.push(`${key}: longer than ${limit} characters`);
    }
  }

  // A badge tells the ratings apart without its colour: no two badge texts alike.
  const badges = Object.entries(locale).filter(([key]) => key.startsWith(BADGE_PREFIX));
  const byText = new Map<string, string[]>();
  for (const [key, entry] of badges) {
    if (typeof entry?.message !== 'string') continue;
    const text = entry.message.trim().toLowerCase();
    byText.set(text, [...(byText.get(text) ?? []), key]);
  }
  for (const [text, keys] of byText) {
    if (keys.length > 1) problems.push(`${keys.join(', ')}: the same badge text "${text}"`);
  }
  return problems;
}

function readCatalogue(locale: string): Catalogue {
  return JSON.parse(readFileSync(join(LOCALES, locale, 'messages.json'), 'utf8')) as Catalogue;
}

const folders = readdirSync(LOCALES).filter((name) => statSync(join(LOCALES, name)).isDirectory());
const english = readCatalogue(REFERENCE);

describe('the locale folders', () => {
  it('are named as Chrome expects (de, pt_BR — an underscore, not a hyphen)', () => {
    expect(folders.filter((name) => !/^[a-z]{2,3}(_[A-Z]{2}|_\d{3})?$/.test(name))).toEqual([]);
  });

  it('include the default locale, English', () => {
    expect(folders).toContain(REFERENCE);
  });

  it('hold a readable messages.json each', () => {
    for (const folder of folders) expect(() => readCatalogue(folder), folder).not.toThrow();
  });
});

describe('the English catalogue', () => {
  it('passes its own checks (badge texts, lengths)', () => {
    expect(catalogueProblems(english, english)).toEqual([]);
  });
});

describe.each(folders.filter((name) => name !== REFERENCE))('the %s catalogue', (locale) => {
  it(`has every key of ${REFERENCE} and no other, with the same placeholders`, () => {
    expect(catalogueProblems(english, readCatalogue(locale))).toEqual([]);
  });
});

describe('catalogueProblems', () => {
  const reference: Catalogue = {
    title: { message: 'Site Report' },
    page: { message: 'Page $1 of $2' },
    wait: {
      message: 'Try again in $WAIT$.',
      placeholders: { wait: { content: '$1' } },
    },
    badge_text_good: { message: 'Good' },
    badge_text_bad: { message: 'Bad' },
  };
  const complete: Catalogue = {
    title: { message: 'Site Report' },
    page: { message: 'Seite $1 von $2' },
    wait: {
      message: 'Versuchen Sie es in $Wait$ erneut.',
      description: 'Named placeholders match whatever their case.',
      placeholders: { WAIT: { content: '$1' } },
    },
    badge_text_good: { message: 'Gut' },
    badge_text_bad: { message: 'Mies' },
  };
  const without = (key: string): Catalogue =>
    Object.fromEntries(Object.entries(complete).filter(([name]) => name !== key));

  it('finds nothing wrong in a complete translation', () => {
    expect(catalogueProblems(reference, complete)).toEqual([]);
  });

  it('names a missing key', () => {
    expect(catalogueProblems(reference, without('page'))).toEqual(['page: missing']);
  });

  it('finds a key missing from the real German catalogue', () => {
    const german = readCatalogue('de');
    const key = Object.keys(english)[1] ?? '';
    const { [key]: _removed, ...rest } = german;
    expect(catalogueProblems(english, german)).not.toContain(`${key}: missing`);
    expect(catalogueProblems(english, rest)).toContain(`${key}: missing`);
  });

  it('names a key English does not have', () => {
    expect(catalogueProblems(reference, { ...complete, titel: { message: 'Titel' } })).toEqual([
      'titel: not in en',
    ]);
  });

  it('finds an empty or absent message', () => {
    expect(
      catalogueProblems(reference, { ...complete, title: { message: '  ' }, page: {} }),
    ).toEqual(['title: empty message', 'page: empty message']);
  });

  it('finds a dropped or changed positional placeholder', () => {
    expect(
      catalogueProblems(reference, { ...complete, page: { message: 'Seite $1 von $3' } }),
    ).toEqual(['page: shows substitutions $1, $3, en shows $1, $2']);
    expect(catalogueProblems(reference, { ...complete, page: { message: 'Seite $1' } })).toEqual([
      'page: shows substitutions $1, en shows $1, $2',
    ]);
    // $$1 is a dollar sign and a 1, not a substitution.
    expect(
      catalogueProblems(reference, { ...complete, page: { message: 'Seite $$1 von $2' } }),
    ).toEqual(['page: shows substitutions $2, en shows $1, $2']);
  });

  it('finds a renamed, undefined or re-pointed named placeholder', () => {
    expect(
      catalogueProblems(reference, {
        ...complete,
        wait: { message: 'In $ZEIT$.', placeholders: { zeit: { content: '$1' } } },
      }),
    ).toEqual([
      'wait: uses named placeholders zeit, en uses wait',
      'wait: defines placeholders zeit, en defines wait',
    ]);
    expect(catalogueProblems(reference, { ...complete, wait: { message: 'In $WAIT$.' } })).toEqual([
      'wait: defines placeholders none, en defines wait',
      'wait: shows substitutions none, en shows $1',
    ]);
    expect(
      catalogueProblems(reference, {
        ...complete,
        wait: { message: 'In $WAIT$.', placeholders: { wait: { content: '$2' } } },
      }),
    ).toEqual([
      'wait: placeholder wait is "$2", en has "$1"',
      'wait: shows substitutions $2, en shows $1',
    ]);
  });

  it('finds a badge text longer than 4 characters, or two alike', () => {
    expect(
      catalogueProblems(reference, { ...complete, badge_text_bad: { message: 'Schlecht' } }),
    ).toEqual(['badge_text_bad: "Schlecht" is longer than 4 characters']);
    expect(
      catalogueProblems(reference, { ...complete, badge_text_bad: { message: 'gut' } }),
    ).toEqual(['badge_text_good, badge_text_bad: the same badge text "gut"']);
  });

  it('counts characters, not UTF-16 units, in a badge text', () => {
    expect(
      catalogueProblems(reference, { ...complete, badge_text_bad: { message: '👍👍👍👍' } }),
    ).toEqual([]);
  });
});
