import type { AppContext } from '../../platform/context.js';
import { mailSettings } from '../../platform/mail/settings.js';
import { ServiceRepository } from '../services/index.js';
import { ChurchCalendar } from './calendar-service.js';
import { ChurchTime } from './church-time.js';
import { churchTimeZone } from '../../platform/church-settings/time-zone.js';
import { EventRepository } from './repository.js';

/** The church calendar on this process's settings: the feeds, and one event's file for a sign-up's mail. */
export function churchCalendar(ctx: Pick<AppContext, 'db' | 'config' | 'church'>): ChurchCalendar {
  return new ChurchCalendar(
    new EventRepository(ctx.db),
    new ServiceRepository(ctx.db),
    new ChurchTime(churchTimeZone(ctx.church)),
    {
      // Read at each use, so the calendar names the church as Settings last saved it.
      get churchName() {
        return ctx.church.latest.church_name;
      },
      get address() {
        return ctx.church.latest.church_address;
      },
      get timeZone() {
        return ctx.church.latest.time_zone;
      },
      publicUrl: mailSettings(ctx.config, ctx.church).publicUrl,
      uidDomain: ctx.config.CHURCH_EMAIL_DOMAIN,
    },
  );
}
