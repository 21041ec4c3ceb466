import type { AppContext } from '../../platform/context.js';
import type { Routine } from '../../platform/jobs/feature-jobs.js';
import { startSweep } from '../../platform/jobs/sweep.js';
import { RegistrationLive } from './live.js';
import { RegistrationRepository } from './repository.js';

/** Offers run out by the hour; a minute's look keeps a place from waiting long for nobody. */
const SWEEP_MS = 60_000;

/**
 * At the worker's start and every minute: passes on offers not accepted in time, and claims the reminders of
 * events starting within a day. Every worker may sweep: each change is claimed by a conditional UPDATE.
 */
export function startRegistrationSweep(ctx: AppContext): Routine {
  const registrations = new RegistrationRepository(ctx.db);
  const live = new RegistrationLive(ctx.live);
  return startSweep(
    SWEEP_MS,
    async () => {
      for (const eventId of await registrations.expireOffers())
        live.placesChanged(eventId, await registrations.counts(eventId));
      const reminders = await registrations.claimReminders();
      if (reminders) ctx.log.info({ reminders }, 'sign-up reminders queued');
    },
    ctx.log,
    'could not sweep sign-ups',
  );
}
