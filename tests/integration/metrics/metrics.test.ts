import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { eventually } from '../../support/eventually.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';

const TOKEN = 'a-scraper-token-of-some-length';
let app: TestApp;
let staff: Staff;
beforeAll(async () => {
  app = await startTestApp({ METRICS_TOKEN: TOKEN });
  staff = await signInAsStaff(app);
});
afterAll(() => app.close());

async function scrape(headers: Record<string, string>): Promise<PrometheusFamily[]> {
  const answer = await app.call('GET', '/metrics', undefined, headers);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toContain('text/plain');
  return parsePrometheusTextFormat(answer.body as string);
}

const family = (families: PrometheusFamily[], name: string) => {
  const found = families.find((each) => each.name === name);
  if (!found) throw new Error(`no ${name} in the scrape`);
  return found;
};

describe('/metrics', () => {
  it('is for staff or a scraper holding METRICS_TOKEN only', async () => {
    expect((await app.call('GET', '/metrics')).status).toBe(401);
    expect((await app.call('GET', '/metrics', undefined, { authorization: 'Bearer wrong-token' })).status).toBe(401);
    await scrape({ authorization: `Bearer ${TOKEN}` });
    await scrape(staff.headers);
  });

  it('counts requests by route pattern, and reports queues, the outbox, live sockets and campaign progress', async () => {
    for (const id of [101, 102, 103])
      expect((await app.call('GET', `/api/photo-collections/public/${id}/`)).status).toBe(404);
    const sent = await app.call(
      'POST',
      '/api/admin/email/send/',
      {
        kind: 'service',
        recipients: [1, 2].map((n) => ({ email: `member${n}@example.org`, name: `Member ${n}` })),
        subject: 'Harvest supper',
        content: 'Join us on Saturday.',
      },
      staff.headers,
    );
    expect(sent.status).toBe(202);

    const families = await eventually(async () => {
      // No worker runs here: the campaign's job waits in Redis, its deliveries pending.
      const scraped = await scrape({ authorization: `Bearer ${TOKEN}` });
      const queued = family(scraped, 'gather_queue_jobs').metrics.find(
        (sample) => sample.labels?.queue === 'email' && sample.labels.state === 'waiting',
      );
      return Number(queued?.value) >= 1 ? scraped : undefined;
    }, 'the campaign job waiting in the email queue');

    const requests = family(families, 'gather_http_requests_total');
    expect(requests.type).toBe('COUNTER');
    expect(requests.metrics).toContainEqual({
      labels: { method: 'GET', route: '/api/photo-collections/public/:id/', status: '404' },
      value: '3',
    });
    expect(requests.metrics.some((sample) => sample.labels?.route?.includes('101'))).toBe(false);
    const durations = family(families, 'gather_http_request_duration_seconds');
    expect(durations.type).toBe('HISTOGRAM');
    expect(durations.metrics.some((sample) => sample.buckets?.['+Inf'])).toBe(true);
    // The parser keeps a histogram's buckets but not its labels; the text says which route was timed.
    const text = (await app.call('GET', '/metrics', undefined, staff.headers)).body as string;
    expect(text).toContain(
      'gather_http_request_duration_seconds_count{method="GET",route="/api/photo-collections/public/:id/"} 3',
    );
    expect(family(families, 'gather_campaign_deliveries').metrics).toContainEqual({
      labels: { campaign: String(sent.body.id), status: 'pending' },
      value: '2',
    });
    expect(family(families, 'gather_outbox_jobs').metrics).toContainEqual({
      labels: { queue: 'email', state: 'unfinished' },
      value: '1',
    });
    expect(family(families, 'gather_queue_jobs').metrics).toContainEqual({
      labels: { queue: 'uploads', state: 'failed' },
      value: '0',
    });
    expect(family(families, 'gather_live_sockets').metrics).toEqual([{ value: '0' }]);
  });
});
