// The monthly report quota (`monthlyQuota`): creates this calendar month count, deleted reports
// too, re-analysis does not; past it every create is the deployments' 422 on url.
import { describe, expect, it } from 'vitest';
import { createSiteReportClient, SiteReportError } from '../../lib/api';
import { isQuotaRefusal, QUOTA_SENTENCE } from '../../lib/api/quota';
import { SAMPLE_SITE_PATHS, sitePageUrl } from '../../server/sample-site';
import { api, KEY, OTHER_KEY, start } from './helpers';

const QUOTA_REFUSAL = { message: { url: ['You created too many reports.'] }, status: 422 };

describe('monthly quota', () => {
  it('has none unless one is set', async () => {
    const service = await start({ serveSamples: true });
    const url = `${service.url}/samples/good`;
    for (let i = 0; i < 4; i++) {
      expect((await api(service, 'POST', '/reports', { form: { url } })).status).toBe(201);
    }
  });

  it('refuses every create past the quota with a 422 on url, deleted reports still counting', async () => {
    const service = await start({ serveSamples: true, monthlyQuota: 2 });
    const url = `${service.url}/samples/good`;
    const first = await api(service, 'POST', '/reports', { form: { url } });
    expect(first.status).toBe(201);
    expect((await api(service, 'POST', '/reports', { form: { url } })).status).toBe(201);

    const refused = await api(service, 'POST', '/reports', { form: { url } });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual(QUOTA_REFUSAL);

    expect((await api(service, 'DELETE', `/reports/${first.body.data.id}`)).status).toBe(200);
    const again = await api(service, 'POST', '/reports', { form: { url } });
    expect(again.body).toEqual(QUOTA_REFUSAL);
    expect((await api(service, 'GET', '/reports')).body.meta.total).toBe(1);
  });

  it('lets re-analysis and privacy changes go on past the quota', async () => {
    const service = await start({ serveSamples: true, monthlyQuota: 1 });
    const url = `${service.url}/samples/decent`;
    const created = await api(service, 'POST', '/reports', { form: { url } });
    const id = created.body.data.id;
    expect((await api(service, 'POST', '/reports', { form: { url } })).status).toBe(422);
    const rerun = await api(service, 'PUT', `/reports/${id}`, { form: { results: 1 } });
    expect(rerun.status).toBe(200);
    expect(rerun.body.data.result).toBe('decent');
    const privacy = await api(service, 'PUT', `/reports/${id}`, { form: { privacy: 1 } });
    expect(privacy.status).toBe(200);
  });

  it('counts per account', async () => {
    const service = await start({ serveSamples: true, monthlyQuota: 1 });
    const url = `${service.url}/samples/bad`;
    expect((await api(service, 'POST', '/reports', { form: { url } })).status).toBe(201);
    expect((await api(service, 'POST', '/reports', { form: { url } })).status).toBe(422);
    const other = await api(service, 'POST', '/reports', { key: OTHER_KEY, form: { url } });
    expect(other.status).toBe(201);
  });

  it('lets creates sent at once make no more reports than the quota', async () => {
    const service = await start({ serveSamples: true, monthlyQuota: 2 });
    const url = `${service.url}/samples/good`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => api(service, 'POST', '/reports', { form: { url } })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 201, 422, 422, 422]);
    expect((await api(service, 'GET', '/reports')).body.meta.total).toBe(2);
  });

  it('does not count a create the service refused (a page it could not fetch)', async () => {
    const service = await start({ serveSamples: true, monthlyQuota: 1 });
    const unreachable = await api(service, 'POST', '/reports', {
      form: { url: `${service.url}/samples/images/cup.svg` },
    });
    expect(unreachable.status).toBe(422);
    expect(unreachable.body).not.toEqual(QUOTA_REFUSAL);
    const url = `${service.url}/samples/good`;
    expect((await api(service, 'POST', '/reports', { form: { url } })).status).toBe(201);
  });

  it('counts reports made this calendar month, not those of earlier months', async () => {
    const service = await start({ serveSamples: true, monthlyQuota: 2 });
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));
    await service.seed(
      [
        { url: 'https://old-1.test/', result: 'good', createdAt: lastMonth },
        { url: 'https://old-2.test/', result: 'good', createdAt: lastMonth },
        { url: 'https://new.test/', result: 'good' },
      ],
      KEY,
    );
    const url = `${service.url}/samples/good`;
    expect((await api(service, 'POST', '/reports', { form: { url } })).status).toBe(201);
    expect((await api(service, 'POST', '/reports', { form: { url } })).body).toEqual(QUOTA_REFUSAL);
  });

  it('says the contract’s sentence, which the client takes for the quota, and a page’s fetch error naming reports?limit=10 is not it', async () => {
    expect(QUOTA_REFUSAL.message.url).toEqual([QUOTA_SENTENCE]);
    const service = await start({ serveSamples: true, monthlyQuota: 1 });
    const client = createSiteReportClient({ baseUrl: service.baseUrl, apiKey: KEY });
    const refusal = (url: string) =>
      client.reports.create({ url }).then(
        () => expect.unreachable('the create was refused'),
        (error: unknown) => {
          expect(error).toBeInstanceOf(SiteReportError);
          return error as SiteReportError;
        },
      );

    const unfetchable = await refusal(`${service.url}${SAMPLE_SITE_PATHS.redirectLoop}`);
    expect(unfetchable.fieldErrors?.url?.[0]).toContain('/site/reports?limit=10');
    expect(isQuotaRefusal(unfetchable)).toBe(false);

    await client.reports.create({ url: sitePageUrl(service.url, 1) });
    const quota = await refusal(sitePageUrl(service.url, 2));
    expect(quota.fieldErrors).toEqual({ url: ['You created too many reports.'] });
    expect(isQuotaRefusal(quota)).toBe(true);
  });

  it('refuses a quota that is not a whole number', async () => {
    await expect(start({ monthlyQuota: -1 })).rejects.toThrow(/monthlyQuota/);
    await expect(start({ monthlyQuota: 1.5 })).rejects.toThrow(/monthlyQuota/);
  });
});
