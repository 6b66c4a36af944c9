import { describe, expect, it } from 'vitest';
import { api, KEY, LARAVEL_TIME, start } from './helpers';

describe('reports: create, read, update, delete', () => {
  it('creates a report for a page (201), named after its host, with the contract shape', async () => {
    const service = await start({ serveSamples: true });
    const url = `${service.url}/samples/good`;
    const created = await api(service, 'POST', '/reports', { form: { url } });

    expect(created.status).toBe(201);
    expect(created.body.status).toBe(201);
    const report = created.body.data;
    expect(Object.keys(report).sort()).toEqual(
      [
        'created_at',
        'generated_at',
        'id',
        'password',
        'privacy',
        'project',
        'result',
        'results',
        'score',
        'updated_at',
        'url',
      ].sort(),
    );
    expect(report).toMatchObject({
      id: expect.any(Number),
      url,
      project: new URL(service.url).host,
      result: 'good',
      score: 90,
      privacy: 0,
      password: false,
    });
    for (const field of ['generated_at', 'created_at', 'updated_at']) {
      expect(report[field]).toMatch(LARAVEL_TIME);
    }
    // Encoded as PHP's json_encode does by default.
    expect(created.text).toContain(`"url":"${url.replaceAll('/', '\\/')}"`);
  });

  it('accepts a JSON body as well as a form', async () => {
    const service = await start({ serveSamples: true });
    const response = await fetch(`${service.baseUrl}/reports`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${KEY}`,
        Accept: 'application/json',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ url: `${service.url}/samples/bad`, privacy: 1 }),
    });
    expect(response.status).toBe(201);
    expect((await response.json()).data).toMatchObject({ result: 'bad', privacy: 1 });
  });

  it('reads a report by id', async () => {
    const service = await start();
    const [id] = await service.seed([{ url: 'https://example.com/a', result: 'decent' }]);
    const read = await api(service, 'GET', `/reports/${id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      data: {
        id,
        url: 'https://example.com/a',
        project: 'example.com',
        result: 'decent',
        score: 65,
      },
      status: 200,
    });
  });

  it('updates privacy and keeps the rest; updated_at moves only when something changed', async () => {
    const service = await start();
    const [id] = await service.seed([
      { url: 'https://example.com/', result: 'good', createdAt: '2026-01-01T00:00:00Z' },
    ]);
    const unchanged = await api(service, 'PUT', `/reports/${id}`, { form: {} });
    expect(unchanged.status).toBe(200);
    expect(unchanged.body.data.updated_at).toBe('2026-01-01T00:00:00.000000Z');

    const updated = await api(service, 'PUT', `/reports/${id}`, { form: { privacy: 1 } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ data: { id, privacy: 1, result: 'good' }, status: 200 });
    expect(updated.body.data.updated_at).not.toBe('2026-01-01T00:00:00.000000Z');
    expect(updated.body.data.generated_at).toBe('2026-01-01T00:00:00.000000Z');
  });

  it('runs the analysis again with results=1 and refreshes generated_at', async () => {
    const service = await start({ serveSamples: true });
    const [id] = await service.seed([
      {
        url: `${service.url}/samples/decent`,
        result: 'bad',
        score: 10,
        createdAt: '2026-01-01T00:00:00Z',
      },
    ]);
    const kept = await api(service, 'PUT', `/reports/${id}`, { form: { results: 0 } });
    expect(kept.body.data).toMatchObject({ result: 'bad', score: 10 });

    const rerun = await api(service, 'PUT', `/reports/${id}`, { form: { results: 1 } });
    expect(rerun.status).toBe(200);
    expect(rerun.body.data).toMatchObject({ result: 'decent', score: 65 });
    expect(Date.parse(rerun.body.data.generated_at)).toBeGreaterThan(Date.parse('2026-01-02'));
    expect(Object.keys(rerun.body.data.results)).toHaveLength(12);
    expect(rerun.body.data.results.meta_description).toMatchObject({ passed: false });
  });

  it('deletes a report with the contract body, after which it is gone', async () => {
    const service = await start();
    const [id] = await service.seed([{ url: 'https://example.com/', result: 'good' }]);
    const deleted = await api(service, 'DELETE', `/reports/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id, object: 'report', deleted: true, status: 200 });
    expect((await api(service, 'GET', `/reports/${id}`)).status).toBe(404);
    // As Laravel deployments do: the change is authorised before the report is looked for.
    expect((await api(service, 'DELETE', `/reports/${id}`)).status).toBe(403);
  });

  it('never reuses the id of a deleted report', async () => {
    const service = await start();
    const [first] = await service.seed([{ url: 'https://example.com/', result: 'good' }]);
    await api(service, 'DELETE', `/reports/${first}`);
    const [second] = await service.seed([{ url: 'https://example.com/', result: 'good' }]);
    expect(second).toBeGreaterThan(first as number);
  });
});

describe('reports: list', () => {
  async function seeded() {
    const service = await start();
    const ids = await service.seed([
      {
        url: 'https://example.com/Pricing',
        result: 'good',
        createdAt: '2026-03-01T10:00:00Z',
        generatedAt: '2026-03-05T10:00:00Z',
      },
      {
        url: 'https://shop.example.org/cart',
        result: 'bad',
        createdAt: '2026-03-02T10:00:00Z',
        generatedAt: '2026-03-02T10:00:01Z',
      },
      {
        url: 'https://example.com/about',
        result: 'decent',
        createdAt: '2026-03-03T10:00:00Z',
        generatedAt: '2026-03-04T10:00:00Z',
      },
      { url: 'http://blog.test/PRICING-2', result: null, createdAt: '2026-03-04T10:00:00Z' },
    ]);
    return { service, ids: ids as [number, number, number, number] };
  }

  it('lists the newest first by default, in the Laravel envelope', async () => {
    const { service, ids } = await seeded();
    const list = await api(service, 'GET', '/reports?per_page=10');
    expect(list.status).toBe(200);
    expect(list.body.status).toBe(200);
    expect(list.body.data.map((report: { id: number }) => report.id)).toEqual([...ids].reverse());
    const path = `${service.baseUrl}/reports`;
    expect(list.body.links).toEqual({
      first: `${path}?per_page=10&page=1`,
      last: `${path}?per_page=10&page=1`,
      prev: null,
      next: null,
    });
    expect(list.body.meta).toEqual({
      current_page: 1,
      from: 1,
      last_page: 1,
      links: [
        { url: null, label: '&laquo; Previous', active: false },
        { url: `${path}?per_page=10&page=1`, label: '1', active: true },
        { url: null, label: 'Next &raquo;', active: false },
      ],
      path,
      per_page: 10,
      to: 4,
      total: 4,
    });
  });

  it.each([
    ['search is a case-insensitive substring of the url', 'search=pricing', [3, 0]],
    ['search_by=url is the same', 'search=PRICING&search_by=url', [3, 0]],
    ['an unknown search_by falls back to url', 'search=cart&search_by=title', [1]],
    ['project filters by project name', 'project=example.com', [2, 0]],
    ['result filters by rating', 'result=bad', [1]],
    ['filters combine', 'project=example.com&result=decent', [2]],
    ['a project nobody has gives an empty list', 'project=nowhere.test', []],
    ['an unknown result value is ignored', 'result=excellent', [3, 2, 1, 0]],
  ])('%s', async (_, query, expected) => {
    const { service, ids } = await seeded();
    const list = await api(service, 'GET', `/reports?${query}`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((report: { id: number }) => report.id)).toEqual(
      expected.map((index) => ids[index]),
    );
  });

  it.each([
    ['id', 'asc', [0, 1, 2, 3]],
    ['id', 'desc', [3, 2, 1, 0]],
    // Reports not generated yet (null) come first ascending, as in SQL.
    ['generated_at', 'asc', [3, 1, 2, 0]],
    ['generated_at', 'desc', [0, 2, 1, 3]],
    ['url', 'asc', [3, 2, 0, 1]],
    ['url', 'desc', [1, 0, 2, 3]],
    ['result', 'asc', [3, 1, 2, 0]],
    ['result', 'desc', [0, 2, 1, 3]],
    ['nonsense', 'asc', [0, 1, 2, 3]],
  ])('sorts by %s %s', async (sortBy, sort, expected) => {
    const { service, ids } = await seeded();
    const list = await api(service, 'GET', `/reports?sort_by=${sortBy}&sort=${sort}`);
    expect(list.body.data.map((report: { id: number }) => report.id)).toEqual(
      expected.map((index) => ids[index]),
    );
  });

  it('breaks ties by id, in the direction of the sort', async () => {
    const service = await start();
    const ids = await service.seed(
      ['a', 'b', 'c'].map((path) => ({
        url: `https://same.test/${path}`,
        result: 'good' as const,
        createdAt: '2026-01-01T00:00:00Z',
      })),
    );
    const asc = await api(service, 'GET', '/reports?sort_by=result&sort=asc');
    expect(asc.body.data.map((report: { id: number }) => report.id)).toEqual(ids);
    const desc = await api(service, 'GET', '/reports?sort_by=result&sort=desc');
    expect(desc.body.data.map((report: { id: number }) => report.id)).toEqual([...ids].reverse());
  });
});

describe('reports: paging', () => {
  async function withReports(count: number, options = {}) {
    const service = await start(options);
    const ids = await service.seed(
      Array.from({ length: count }, (_, i) => ({
        url: `https://paging.test/${i}`,
        result: 'good' as const,
      })),
    );
    return { service, ids };
  }

  it.each([10, 25, 50, 100])('honours per_page=%i', async (perPage) => {
    const { service } = await withReports(101);
    const list = await api(service, 'GET', `/reports?per_page=${perPage}`);
    expect(list.body.data).toHaveLength(perPage);
    expect(list.body.meta).toMatchObject({ per_page: perPage, total: 101 });
    expect(list.body.meta.last_page).toBe(Math.ceil(101 / perPage));
  });

  it.each(['7', '1000', 'abc', ''])(
    'falls back to the default per_page for per_page=%s',
    async (perPage) => {
      const { service } = await withReports(30);
      const list = await api(service, 'GET', `/reports?per_page=${perPage}`);
      expect(list.status).toBe(200);
      expect(list.body.meta.per_page).toBe(25);
      expect(list.body.data).toHaveLength(25);
    },
  );

  it('uses a configured default per_page', async () => {
    const { service } = await withReports(12, { perPage: 10 });
    expect((await api(service, 'GET', '/reports')).body.meta.per_page).toBe(10);
  });

  it('answers an empty list with from/to null and one page', async () => {
    const { service } = await withReports(0);
    const list = await api(service, 'GET', '/reports?per_page=10');
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([]);
    expect(list.body.meta).toMatchObject({
      current_page: 1,
      from: null,
      to: null,
      last_page: 1,
      total: 0,
    });
    expect(list.body.links.prev).toBeNull();
    expect(list.body.links.next).toBeNull();
  });

  it('walks the pages with links.next, keeping the other parameters', async () => {
    const { service, ids } = await withReports(23);
    const seen: number[] = [];
    let next: string | null = `${service.baseUrl}/reports?per_page=10&sort=asc`;
    let pages = 0;
    while (next) {
      const response: Response = await fetch(next, {
        headers: { Authorization: `Bearer ${KEY}`, Accept: 'application/json' },
      });
      const body: { data: { id: number }[]; links: { next: string | null } } =
        await response.json();
      seen.push(...body.data.map((report: { id: number }) => report.id));
      next = body.links.next;
      pages += 1;
      if (next) expect(next).toContain('per_page=10&sort=asc&page=');
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(ids);
  });

  it('answers the last page partly filled', async () => {
    const { service } = await withReports(23);
    const list = await api(service, 'GET', '/reports?per_page=10&page=3');
    expect(list.body.data).toHaveLength(3);
    expect(list.body.meta).toMatchObject({
      current_page: 3,
      from: 21,
      to: 23,
      last_page: 3,
      total: 23,
    });
    expect(list.body.links.next).toBeNull();
    expect(list.body.links.prev).toBe(`${service.baseUrl}/reports?per_page=10&page=2`);
  });

  it('answers a page past the end with no data (not an error)', async () => {
    const { service } = await withReports(23);
    const list = await api(service, 'GET', '/reports?per_page=10&page=9');
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([]);
    expect(list.body.meta).toMatchObject({
      current_page: 9,
      from: null,
      to: null,
      last_page: 3,
      total: 23,
    });
    expect(list.body.links.next).toBeNull();
    expect(list.body.links.prev).toBe(`${service.baseUrl}/reports?per_page=10&page=8`);
  });

  it.each(['0', '-1', 'x'])('treats page=%s as page 1', async (page) => {
    const { service } = await withReports(3);
    const list = await api(service, 'GET', `/reports?page=${page}`);
    expect(list.body.meta.current_page).toBe(1);
    expect(list.body.data).toHaveLength(3);
  });

  it('abbreviates meta.links for many pages as Laravel does', async () => {
    const { service } = await withReports(200);
    const list = await api(service, 'GET', '/reports?per_page=10&page=10');
    const labels = list.body.meta.links.map((link: { label: string }) => link.label);
    expect(labels).toEqual([
      '&laquo; Previous',
      '1',
      '2',
      '...',
      '7',
      '8',
      '9',
      '10',
      '11',
      '12',
      '13',
      '...',
      '19',
      '20',
      'Next &raquo;',
    ]);
    expect(list.body.meta.links.find((link: { active: boolean }) => link.active).label).toBe('10');
  });
});
