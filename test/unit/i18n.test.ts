import { describe, expect, it } from 'vitest';
import { t } from '../../lib/i18n';

describe('t', () => {
  it('reads the English catalogue', () => {
    expect(t('extName')).toBe('Site Report');
  });
});
