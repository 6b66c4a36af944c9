// Chrome applies only the policies its managed storage schema names: every setting an
// administrator may lock is in public/managed_schema.json, and nothing else is.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MANAGEABLE_KEYS } from '../../../lib/settings/schema';

const schema = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../../public/managed_schema.json'), 'utf8'),
) as { properties: Record<string, unknown> };

describe('the managed storage schema', () => {
  it('names exactly the settings an administrator may lock', () => {
    expect(Object.keys(schema.properties).sort()).toEqual([...MANAGEABLE_KEYS].sort());
  });
});
