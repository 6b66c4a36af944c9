// --list-without-results: list items leave `results` out, as some deployments' lists do; a read
// of a report still has them.
import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../server/cli-args';
import { api, start } from './helpers';

const results = {
  title: { passed: false, importance: 'high', value: null, errors: { missing: true } },
};

describe('lists without results', () => {
  it('lists reports without results, and reads one with them', async () => {
    const service = await start({ listResults: false });
    const [id] = await service.seed([{ url: 'https://shop.example/a', result: 'bad', results }]);
    const listed = await api(service, 'GET', '/reports?per_page=10');
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]).not.toHaveProperty('results');
    expect(listed.body.data[0]).toMatchObject({ id, result: 'bad' });
    const read = await api(service, 'GET', `/reports/${id}`);
    expect(read.body.data.results).toEqual(results);
  });

  it('lists them with results by default', async () => {
    const service = await start();
    await service.seed([{ url: 'https://shop.example/a', result: 'bad', results }]);
    expect((await api(service, 'GET', '/reports')).body.data[0].results).toEqual(results);
  });

  it('is a command-line flag', () => {
    const command = parseCliArgs(['--list-without-results']);
    expect(command.help === false && command.options.listResults).toBe(false);
  });
});
