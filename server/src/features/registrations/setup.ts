import type { AppContext } from '../../platform/context.js';
import { mailSettings } from '../../platform/mail/settings.js';
import { LinkSigner, siteSecret } from '../../platform/signed-links.js';
import { EventRepository } from '../events/index.js';
import { RegistrationLinks } from './links.js';
import { RegistrationLive } from './live.js';
import { RegistrationRepository } from './repository.js';
import { RegistrationService } from './service.js';

/** The service as the API's routes use it: signed links on the site's secret, live news through this process. */
export function registrationServiceOf(ctx: AppContext): RegistrationService {
  return new RegistrationService(
    new RegistrationRepository(ctx.db),
    new EventRepository(ctx.db),
    new RegistrationLinks(new LinkSigner(siteSecret(ctx.config)), mailSettings(ctx.config)),
    new RegistrationLive(ctx.live),
  );
}
