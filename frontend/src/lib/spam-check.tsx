import type { SpamCheck } from '@gather/contracts';
import { useRef, useState, useSyncExternalStore, type RefObject } from 'react';

/** Milliseconds on a clock that only goes forwards; replaced in component tests instead of waiting. */
export const formClock = { now: () => performance.now() };

const neverChanges = () => () => undefined;

/**
 * What lets the API tell a person from a script filling a public form: the hidden `website` field and
 * how long the form was open before it was sent. A form drawn on the server counts from the moment the
 * page began to load (the clock's zero), as the visitor may type before the script takes the page over.
 */
export function useSpamCheck() {
  const drawnOnServer = !useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
  const [openedAt] = useState(() => (drawnOnServer ? 0 : formClock.now()));
  const since = useRef(openedAt);
  const honeypot = useRef<HTMLInputElement>(null);

  /** The values to send, with the check added; the next send counts from now. */
  function stamp<Values extends object>(values: Values): Values & SpamCheck {
    const now = formClock.now();
    const check = { website: honeypot.current?.value ?? '', fill_time_ms: Math.round(now - since.current) };
    since.current = now;
    return { ...values, ...check };
  }

  return { stamp, trap: { inputRef: honeypot } };
}

/**
 * A field people never see or reach (off screen, hidden from screen readers, out of the tab order,
 * never autofilled); scripts that fill every field fill it too.
 */
export function SpamTrap({ inputRef }: { inputRef: RefObject<HTMLInputElement | null> }) {
  return (
    <div className="visually-hidden" aria-hidden="true">
      <label>
        Website
        <input ref={inputRef} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
