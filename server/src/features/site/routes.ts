import { siteSettingsSchema, type ChurchSettings, type SiteSettings } from '@gather/contracts';
import { DEMO_CHURCH } from '../../platform/church-settings/demo-church.js';
import type { Config } from '../../platform/config.js';
import type { AppContext } from '../../platform/context.js';
import { ApiRouter } from '../../platform/http/endpoint.js';

export function siteRoutes(ctx: AppContext): ApiRouter {
  return new ApiRouter().endpoint(
    {
      method: 'get',
      path: '/api/site/',
      cached: true,
      tag: 'site',
      summary: "The church's name, address, phone, bank details and links, as the pages show them",
      response: siteSettingsSchema,
    },
    async () => siteSettings(await ctx.church.current(), ctx.config),
  );
}

function siteSettings(church: ChurchSettings, config: Config): SiteSettings {
  return {
    church_name: church.church_name,
    address: church.church_address,
    phone: church.church_phone,
    email: church.church_contact_email,
    live_stream_url: church.live_stream_url,
    online_giving_url: church.online_giving_url,
    bank: shownBank(church, config.NODE_ENV === 'production'),
    social: {
      facebook: church.facebook_url,
      instagram: church.instagram_url,
      youtube: church.youtube_url,
    },
    service_times: church.service_times,
    map:
      church.map_latitude !== null && church.map_longitude !== null
        ? { latitude: church.map_latitude, longitude: church.map_longitude }
        : null,
    email_domain: config.CHURCH_EMAIL_DOMAIN,
    default_sender: { email: church.email_from_address, name: church.email_from_name },
  };
}

/**
 * The bank details the give page shows. In production, once any of them is the church's own, a demo value left
 * beside it is shown as nothing: a giver must never send money to the demo account.
 */
function shownBank(church: ChurchSettings, production: boolean): SiteSettings['bank'] {
  const fields = [
    ['account_name', church.bank_account_name, DEMO_CHURCH.bankAccountName],
    ['bank_name', church.bank_name, DEMO_CHURCH.bankName],
    ['sort_code', church.bank_sort_code, DEMO_CHURCH.sortCode],
    ['account_number', church.bank_account_number, DEMO_CHURCH.accountNumber],
  ] as const;
  const anyReal = fields.some(([, value, demo]) => value !== demo);
  const hideDemo = production && anyReal;
  return Object.fromEntries(
    fields.map(([name, value, demo]) => [name, hideDemo && value === demo ? '' : value]),
  ) as SiteSettings['bank'];
}
