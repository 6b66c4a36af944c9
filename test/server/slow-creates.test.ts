import { describe, expect, it } from 'vitest';
import { api, KEY, start, waitFor } from './helpers';

const form = (url: string) => ({ form: { url } });

/** The analysis has fetched the page: from now on it only waits out the delay. */
const pageFetched = (service: Awaited<ReturnType<typeof start>>) =>
  waitFor(async () => service.requests.some((entry) => entry.path.startsWith('/samples/')));

async function reportCount(service: Awaited<ReturnType<typeof start>>): Promise<number> {
  return (await api(service, 'GET', '/reports')).body.meta.total;
}

describe('slow creates (createDelayMs)', () => {
  it('answers a create only after the analysis, and saves the report only then', async () => {
    const service = await start({ serveSamples: true, createDelayMs: 400 });
    const started = performance.now();
    const created = api(service, 'POST', '/reports', form(`${service.url}/samples/good`));
    // While the analysis runs, the report does not exist yet.
    await pageFetched(service);
    expect(await reportCount(service)).toBe(0);
    const answer = await created;
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ result: 'good' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(390);
    expect(await reportCount(service)).toBe(1);
  });

  it('makes a re-analysis (results=1) slow too, but not a privacy change', async () => {
    const service = await start({ serveSamples: true, createDelayMs: 300 });
    const [id] = await service.seed([{ url: `${service.url}/samples/good`, result: 'bad' }]);
    let started = performance.now();
    const rerun = await api(service, 'PUT', `/reports/${id}`, { form: { results: 1 } });
    expect(rerun.status).toBe(200);
    expect(rerun.body.data.result).toBe('good');
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);

    started = performance.now();
    expect((await api(service, 'PUT', `/reports/${id}`, { form: { privacy: 1 } })).status).toBe(
      200,
    );
    expect(performance.now() - started).toBeLessThan(290);
  });

  it('goes on with a create whose client hung up, and makes its report once', async () => {
    const service = await start({ serveSamples: true, createDelayMs: 300 });
    const controller = new AbortController();
    const sent = fetch(`${service.baseUrl}/reports`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${KEY}`,
        Accept: 'application/json',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ url: `${service.url}/samples/good` }).toString(),
      signal: controller.signal,
    });
    // The analysis is under way when the client leaves.
    await pageFetched(service);
    controller.abort();
    await expect(sent).rejects.toThrow();
    const reports = await waitFor(async () => {
      const list = await api(service, 'GET', '/reports');
      return list.body.meta.total === 1 && list.body.data;
    });
    expect(reports[0]).toMatchObject({ url: `${service.url}/samples/good`, result: 'good' });
  });
});

describe('lost create answers (loseCreateAnswers)', () => {
  it("'drop' makes the report and closes the connection without an answer", async () => {
    const service = await start({ serveSamples: true, loseCreateAnswers: 'drop' });
    await expect(
      api(service, 'POST', '/reports', form(`${service.url}/samples/decent`)),
    ).rejects.toThrow();
    expect(await reportCount(service)).toBe(1);
  });

  it("'gateway' makes the report and answers 504 with a gateway's page", async () => {
    const service = await start({ serveSamples: true, loseCreateAnswers: 'gateway' });
    const answer = await api(service, 'POST', '/reports', form(`${service.url}/samples/decent`));
    expect(answer.status).toBe(504);
    expect(answer.text).toContain('Gateway Timeout');
    expect(await reportCount(service)).toBe(1);
    // Refused creates are answered as always.
    expect((await api(service, 'POST', '/reports', form('nope'))).status).toBe(422);
  });

  it('holds the analyses analysisGate holds, and only those', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const service = await start({
      serveSamples: true,
      analysisGate: (url) => (url.endsWith('/samples/good') ? held : undefined),
    });
    const slow = api(service, 'POST', '/reports', form(`${service.url}/samples/good`));
    const fast = await api(service, 'POST', '/reports', form(`${service.url}/samples/bad`));
    expect(fast.status).toBe(201);
    expect(await reportCount(service)).toBe(1);
    release();
    expect((await slow).status).toBe(201);
    expect(await reportCount(service)).toBe(2);
  });
});
