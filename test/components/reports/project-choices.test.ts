import { describe, expect, it } from 'vitest';
import { projectChoices } from '../../../components/reports/useProjectChoices';

const ON_SCREEN = [{ project: 'b.org' }, {}, { project: 'a.com' }, { project: 'b.org' }];

describe('projectChoices', () => {
  it('offers the projects on screen, once each, sorted, until the list is known', () => {
    expect(projectChoices(null, ON_SCREEN, '')).toEqual(['a.com', 'b.org']);
  });

  it("offers the service's list, in its order, once it is known", () => {
    expect(projectChoices(['z.net', 'a.com'], ON_SCREEN, '')).toEqual(['z.net', 'a.com']);
  });

  it.each([
    [null, ['a.com', 'b.org', 'gone.example']],
    [['z.net'], ['z.net', 'gone.example']],
  ])('always offers the chosen project (known: %j)', (known, expected) => {
    expect(projectChoices(known, ON_SCREEN, 'gone.example')).toEqual(expected);
  });

  it('does not change the list it was given', () => {
    const known = ['z.net'];
    projectChoices(known, [], 'other');
    expect(known).toEqual(['z.net']);
  });
});
