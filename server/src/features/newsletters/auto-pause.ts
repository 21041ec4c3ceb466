/**
 * A campaign pauses itself when at least AUTO_PAUSE_FAILED of the last AUTO_PAUSE_WINDOW
 * deliveries it tried (since it last started or resumed) failed, for now or for good. Twenty is
 * enough to tell a broken mail server or login (nearly everything fails) from a list with some dead
 * addresses (a few percent fail, rarely more than a quarter of twenty in a row), and few enough that
 * a broken set-up costs twenty failed tries, not thousands. A campaign of fewer than twenty never
 * pauses: it simply ends with its failures listed.
 */
export const AUTO_PAUSE_WINDOW = 20;
export const AUTO_PAUSE_FAILED = 16;

/** The reason staff read on the paused campaign, or undefined when the failures are not enough to pause. */
export function autoPauseReason(recent: { tried: number; failed: number; reason: string }): string | undefined {
  if (recent.tried < AUTO_PAUSE_WINDOW || recent.failed < AUTO_PAUSE_FAILED) return undefined;
  const cause = recent.reason.replace(/\s+/g, ' ').trim().slice(0, 300);
  return (
    `Paused automatically: ${recent.failed} of the last ${recent.tried} messages failed` +
    `${cause ? ` (${cause})` : ''}. Check the mail server settings, then resume.`
  );
}
