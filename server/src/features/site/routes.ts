import { siteSettingsSchema, type SiteSettings } from '@gather/contracts';
import type { Config } from '../../platform/config.js';
import type { AppContext } from '../../platform/context.js';
import { ApiRouter } from '../../platform/http/endpoint.js';
import { mailSettings } from '../../platform/mail/settings.js';

export function siteRoutes(ctx: AppContext): ApiRouter {
  const settings = siteSettings(ctx.config);
  return new ApiRouter().endpoint(
    {
      method: 'get',
      path: '/api/site/',
      cached: true,
      tag: 'site',
      summary: "The church's name, address, phone, bank details and links, as the pages show them",
      response: siteSettingsSchema,
    },
    () => settings,
  );
}

function siteSettings(config: Config): SiteSettings {
  const mail = mailSettings(config);
  return {
    church_name: config.CHURCH_NAME,
    address: config.CHURCH_ADDRESS,
    phone: config.CHURCH_PHONE,
    email: config.CHURCH_CONTACT_EMAIL ?? mail.notifyAddress,
    live_stream_url: config.LIVE_STREAM_URL,
    online_giving_url: config.ONLINE_GIVING_URL,
    bank: {
      account_name: config.BANK_ACCOUNT_NAME,
      bank_name: config.BANK_NAME,
      sort_code: config.BANK_SORT_CODE,
      account_number: config.BANK_ACCOUNT_NUMBER,
    },
    social: {
      facebook: config.FACEBOOK_URL ?? null,
      instagram: config.INSTAGRAM_URL ?? null,
      youtube: config.YOUTUBE_URL ?? null,
    },
    email_domain: mail.domain,
    default_sender: { email: mail.from.address, name: mail.from.name },
  };
}
