import type { Campaign, CampaignDetail, Recipient } from '@gather/contracts';
import { vi } from 'vitest';

/** What the Send Emails screen's tests posted: sends, and draft saves (a PATCH body, or 'DELETE'). */
export interface EmailCalls {
  posted: unknown[];
  drafts: unknown[];
}

/**
 * A stand-in for the API behind Send Emails, for the screen's unit tests: the church's settings,
 * `recipients`, no custom senders, a send that answers `sent`, and draft saves answering `draft`.
 */
export function fakeEmailApi(recipients: Recipient[], sent: Campaign, draft: CampaignDetail): EmailCalls {
  const calls: EmailCalls = { posted: [], drafts: [] };
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      if (input === '/api/site/') {
        return json({
          church_name: 'Gather Church',
          email_domain: 'gather.church',
          default_sender: { email: 'no-reply@gather.church', name: 'Gather Church' },
        });
      }
      if (input.startsWith('/api/admin/email/recipients/')) return json({ recipients });
      if (input.startsWith('/api/admin/email/custom-senders/')) return json({ custom_senders: [] });
      if (input === '/api/admin/email/send/') {
        calls.posted.push(JSON.parse(String(init.body)));
        return json({ id: sent.id, status: 'sending', total: sent.total });
      }
      if (input === `/api/admin/email/campaigns/${sent.id}/`) {
        return json({ ...sent, content: '', recipients: [], failed_deliveries: [] });
      }
      if (init.method === 'POST' && input === '/api/admin/email/campaigns/') {
        calls.drafts.push(JSON.parse(String(init.body)));
        return json({ ...draft, ...JSON.parse(String(init.body)) });
      }
      if (init.method === 'PATCH' || init.method === 'DELETE') {
        calls.drafts.push(init.body ? JSON.parse(String(init.body)) : init.method);
        return init.method === 'DELETE' ? new Response(null, { status: 204 }) : json(draft);
      }
      return json({ count: 0, next: null, previous: null, results: [] });
    }),
  );
  return calls;
}
