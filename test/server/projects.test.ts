import { describe, expect, it } from 'vitest';
import { api, LARAVEL_TIME, start } from './helpers';

async function seeded() {
  const service = await start();
  await service.seed([
    { url: 'https://beta.example/1', result: 'good', createdAt: '2026-02-02T00:00:00Z' },
    { url: 'https://Alpha.example/1', result: 'bad', createdAt: '2026-02-01T00:00:00Z' },
    { url: 'https://beta.example/2', result: 'bad', createdAt: '2026-02-05T00:00:00Z' },
    { url: 'https://gamma.test/', result: 'decent', createdAt: '2026-02-03T00:00:00Z' },
  ]);
  return service;
}

const names = (body: { data: { project: string }[] }) => body.data.map((item) => item.project);

describe('projects', () => {
  it('lists projects named after the host, created with their first report, newest first', async () => {
    const service = await seeded();
    const list = await api(service, 'GET', '/projects?per_page=10');
    expect(list.status).toBe(200);
    expect(list.body.status).toBe(200);
    expect(list.body.data).toEqual([
      { project: 'gamma.test', created_at: '2026-02-03T00:00:00.000000Z', reports_count: 1 },
      { project: 'beta.example', created_at: '2026-02-02T00:00:00.000000Z', reports_count: 2 },
      // URL hosts are lower case, whatever the address was typed with.
      { project: 'alpha.example', created_at: '2026-02-01T00:00:00.000000Z', reports_count: 1 },
    ]);
    expect(list.body.meta).toMatchObject({
      current_page: 1,
      from: 1,
      to: 3,
      total: 3,
      per_page: 10,
    });
    expect(list.body.links.first).toBe(`${service.baseUrl}/projects?per_page=10&page=1`);
  });

  it('keeps the port in the project name of a local address', async () => {
    const service = await start({ serveSamples: true });
    await api(service, 'POST', '/reports', { form: { url: `${service.url}/samples/good` } });
    const list = await api(service, 'GET', '/projects');
    expect(list.body.data[0].project).toBe(new URL(service.url).host);
    expect(list.body.data[0].created_at).toMatch(LARAVEL_TIME);
  });

  it.each([
    ['created_at', 'asc', ['alpha.example', 'beta.example', 'gamma.test']],
    ['created_at', 'desc', ['gamma.test', 'beta.example', 'alpha.example']],
    ['project', 'asc', ['alpha.example', 'beta.example', 'gamma.test']],
    ['project', 'desc', ['gamma.test', 'beta.example', 'alpha.example']],
    ['unknown', 'asc', ['alpha.example', 'beta.example', 'gamma.test']],
  ])('sorts by %s %s', async (sortBy, sort, expected) => {
    const service = await seeded();
    const list = await api(service, 'GET', `/projects?sort_by=${sortBy}&sort=${sort}`);
    expect(names(list.body)).toEqual(expected);
  });

  it.each([
    ['search=EXAMPLE', ['beta.example', 'alpha.example']],
    ['search=gam&search_by=project', ['gamma.test']],
    ['search=gam&search_by=unknown', ['gamma.test']],
    ['search=nothing', []],
  ])('searches with %s', async (query, expected) => {
    const service = await seeded();
    expect(names((await api(service, 'GET', `/projects?${query}`)).body)).toEqual(expected);
  });

  it('answers an empty list when there are no projects', async () => {
    const service = await start();
    const list = await api(service, 'GET', '/projects?per_page=10');
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([]);
    expect(list.body.meta).toMatchObject({ current_page: 1, last_page: 1, total: 0, from: null });
    expect(list.body.links.next).toBeNull();
  });

  it('pages projects', async () => {
    const service = await start();
    await service.seed(
      Array.from({ length: 12 }, (_, i) => ({
        url: `https://site${i}.test/`,
        result: 'good' as const,
      })),
    );
    const second = await api(service, 'GET', '/projects?per_page=10&page=2');
    expect(second.body.data).toHaveLength(2);
    expect(second.body.meta).toMatchObject({
      current_page: 2,
      last_page: 2,
      from: 11,
      to: 12,
      total: 12,
    });
    const past = await api(service, 'GET', '/projects?per_page=10&page=3');
    expect(past.body.data).toEqual([]);
    const fallback = await api(service, 'GET', '/projects?per_page=3');
    expect(fallback.body.meta.per_page).toBe(25);
  });

  it('deletes a project and its reports, and only those', async () => {
    const service = await seeded();
    const deleted = await api(service, 'DELETE', '/projects/beta.example');
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({
      id: 'beta.example',
      object: 'project',
      deleted: true,
      status: 200,
    });

    expect(names((await api(service, 'GET', '/projects')).body)).toEqual([
      'gamma.test',
      'alpha.example',
    ]);
    const reports = await api(service, 'GET', '/reports');
    expect(reports.body.data.map((report: { url: string }) => report.url)).toEqual([
      'https://gamma.test/',
      'https://Alpha.example/1',
    ]);
    expect((await api(service, 'GET', '/reports?project=beta.example')).body.data).toEqual([]);
    expect((await api(service, 'DELETE', '/projects/beta.example')).status).toBe(404);
  });

  it('takes the project name URL-encoded', async () => {
    const service = await start();
    await service.seed([{ url: 'http://127.0.0.1:8080/', result: 'good' }]);
    const deleted = await api(
      service,
      'DELETE',
      `/projects/${encodeURIComponent('127.0.0.1:8080')}`,
    );
    expect(deleted.status).toBe(200);
    expect(deleted.body.id).toBe('127.0.0.1:8080');
  });

  it('goes away with its last report', async () => {
    const service = await start();
    const [id] = await service.seed([{ url: 'https://only.test/', result: 'good' }]);
    await api(service, 'DELETE', `/reports/${id}`);
    expect((await api(service, 'GET', '/projects')).body.data).toEqual([]);
  });
});
