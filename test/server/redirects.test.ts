// A report is stored under the address the analysis' fetch ended on, as deployments do; the
// redirecting samples make a report come back under another address than the one sent.
import { describe, expect, it } from 'vitest';
import { ANALYSIS_USER_AGENT } from '../../server/analysis';
import { api, start, waitFor } from './helpers';

describe('reports of redirected addresses', () => {
  it('stores the address the analysis ended on, and names the project after its host', async () => {
    const service = await start({ serveSamples: true });
    const created = await api(service, 'POST', '/reports', {
      form: { url: `${service.url}/samples/old` },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      url: `${service.url}/samples/good`,
      project: new URL(service.url).host,
      result: 'good',
    });
    const listed = await api(service, 'GET', '/reports?search=samples/good');
    expect(listed.body.data.map((report: { url: string }) => report.url)).toEqual([
      `${service.url}/samples/good`,
    ]);
    expect((await api(service, 'GET', '/reports?search=samples/old')).body.data).toEqual([]);
  });

  it('keeps the address sent when nothing redirects', async () => {
    const service = await start({ serveSamples: true });
    const created = await api(service, 'POST', '/reports', {
      form: { url: `${service.url}/samples/decent` },
    });
    expect(created.body.data.url).toBe(`${service.url}/samples/decent`);
  });

  it('stores the final address in async mode once the analysis has run', async () => {
    const service = await start({ serveSamples: true, async: true, asyncDelayMs: 0 });
    const created = await api(service, 'POST', '/reports', {
      form: { url: `${service.url}/samples/moved` },
    });
    expect(created.body.data).toMatchObject({ url: `${service.url}/samples/moved`, result: null });
    const rated = await waitFor(async () => {
      const read = await api(service, 'GET', `/reports/${created.body.data.id}`);
      return read.body.data.result !== null && read.body.data;
    });
    expect(rated).toMatchObject({ url: `${service.url}/samples/good`, result: 'good' });
  });

  it('keeps the stored address on a re-analysis', async () => {
    const service = await start({ serveSamples: true });
    const created = await api(service, 'POST', '/reports', {
      form: { url: `${service.url}/samples/moved` },
    });
    const updated = await api(service, 'PUT', `/reports/${created.body.data.id}`, {
      form: { results: 1 },
    });
    expect(updated.body.data).toMatchObject({ url: `${service.url}/samples/good`, result: 'good' });
  });
});

describe('redirecting samples', () => {
  it('redirects everyone from /samples/old to /samples/good', async () => {
    const service = await start({ serveSamples: true });
    const answer = await fetch(`${service.url}/samples/old`, { redirect: 'manual' });
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toBe(`${service.url}/samples/good`);
  });

  it("redirects only the analysis' fetch from /samples/moved; a browser is shown a page", async () => {
    const service = await start({ serveSamples: true });
    const browser = await fetch(`${service.url}/samples/moved`, { redirect: 'manual' });
    expect(browser.status).toBe(200);
    expect(await browser.text()).toContain('<h1>Fresh coffee, roasted every Monday</h1>');
    const analysis = await fetch(`${service.url}/samples/moved`, {
      redirect: 'manual',
      headers: { 'User-Agent': ANALYSIS_USER_AGENT },
    });
    expect(analysis.status).toBe(301);
    expect(analysis.headers.get('location')).toBe(`${service.url}/samples/good`);
  });

  it('rates /samples/moved under /samples/good though a browser stays on it', async () => {
    const service = await start({ serveSamples: true });
    const created = await api(service, 'POST', '/reports', {
      form: { url: `${service.url}/samples/moved` },
    });
    expect(created.body.data).toMatchObject({
      url: `${service.url}/samples/good`,
      result: 'good',
      score: 90,
    });
  });

  it('serves no redirecting samples unless asked to', async () => {
    const service = await start();
    const answer = await fetch(`${service.url}/samples/old`, { redirect: 'manual' });
    expect(answer.status).toBe(404);
  });
});
