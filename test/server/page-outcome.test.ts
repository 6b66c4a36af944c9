// Watched sample pages: good until told otherwise, then the assigned sample, so a re-analysis
// rates the page lower with a high-importance check failing.
import { describe, expect, it } from 'vitest';
import { api, start } from './helpers';

const failing = (results: Record<string, { passed: boolean; importance: string }>) =>
  Object.entries(results)
    .filter(([, check]) => !check.passed)
    .map(([key, check]) => `${key}:${check.importance}`);

describe('setPageOutcome', () => {
  it('serves the good sample until set, then the assigned one', async () => {
    const service = await start({ serveSamples: true });
    const url = `${service.url}/samples/watch/shop`;
    expect(await (await fetch(url)).text()).toContain('Northwind');
    service.setPageOutcome('/samples/watch/shop', 'bad');
    expect(await (await fetch(url)).text()).toContain('WELCOME TO MY HOMEPAGE');
    // Other watched pages keep theirs.
    expect(await (await fetch(`${service.url}/samples/watch/blog`)).text()).toContain('Northwind');
  });

  it('a re-analysis after "bad" rates lower with a high-importance check failing', async () => {
    const service = await start({ serveSamples: true });
    const url = `${service.url}/samples/watch/shop`;
    const created = await api(service, 'POST', '/reports', { form: { url } });
    expect(created.body.data).toMatchObject({ result: 'good', score: 90, url });
    const before = failing(created.body.data.results);
    expect(before).toEqual(['https_encryption:high']);

    service.setPageOutcome(url, 'bad');
    const id = created.body.data.id;
    const again = await api(service, 'PUT', `/reports/${id}`, { form: { results: 1 } });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ id, result: 'bad', score: 25, url });
    const after = failing(again.body.data.results);
    const newHigh = after.filter((check) => check.endsWith(':high') && !before.includes(check));
    expect(newHigh).toEqual(['title:high', 'meta_description:high', 'headings:high']);
  });

  it('"decent" fails a high-importance check "good" passes', async () => {
    const service = await start({ serveSamples: true });
    service.setPageOutcome('/samples/watch/a', 'decent');
    const created = await api(service, 'POST', '/reports', {
      form: { url: `${service.url}/samples/watch/a` },
    });
    expect(created.body.data).toMatchObject({ result: 'decent', score: 65 });
    expect(failing(created.body.data.results)).toContain('meta_description:high');
  });

  it('refuses a path that is not a watched page', async () => {
    const service = await start({ serveSamples: true });
    expect(() => service.setPageOutcome('/samples/good', 'bad')).toThrow(/watched sample/);
  });
});
