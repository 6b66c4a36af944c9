// Chrome applies only the policies its managed storage schema names: every setting an
// administrator may lock is in public/managed_schema.json, with the preset accounts, and nothing
// else is.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { presetAccounts } from '../../../lib/settings/presets';
import { MANAGEABLE_KEYS } from '../../../lib/settings/schema';

interface SchemaNode {
  type: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
}

const schema = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../../public/managed_schema.json'), 'utf8'),
) as SchemaNode & { properties: Record<string, SchemaNode> };

describe('the managed storage schema', () => {
  it('names exactly the settings an administrator may lock, and the preset accounts', () => {
    expect(Object.keys(schema.properties).sort()).toEqual([...MANAGEABLE_KEYS, 'accounts'].sort());
  });

  it('describes a preset account as the extension reads one', () => {
    const accounts = schema.properties.accounts;
    expect(accounts?.type).toBe('array');
    expect(accounts?.items?.type).toBe('object');
    const fields = accounts?.items?.properties ?? {};
    expect(Object.keys(fields).sort()).toEqual(['apiKey', 'name', 'serviceUrl', 'siteUrl']);
    for (const field of Object.values(fields)) expect(field.type).toBe('string');
    // Every field the schema names is one the extension uses.
    const [preset] = presetAccounts(
      [
        {
          name: 'Corp',
          serviceUrl: 'https://corp.example/api/v1',
          siteUrl: 'https://www.corp.example',
          apiKey: 'corp-key',
        },
      ],
      {},
    );
    expect(preset).toMatchObject({
      name: 'Corp',
      serviceUrl: 'https://corp.example/api/v1',
      siteUrl: 'https://www.corp.example',
      apiKey: 'corp-key',
    });
  });
});
