/**
 * Stored files that staff may still hide from visitors (a guest's upload, rejected after it was shown). The
 * feature that owns a folder answers for it; the media routes ask before serving, and never let such a file
 * be cached for good, so hiding it takes effect at once.
 */
export interface MediaHold {
  /** Whether staff may yet hide this file: known from its path alone. */
  mayHide(file: string): boolean;
  /** Whether staff hide it now. */
  isHidden(file: string): Promise<boolean>;
}

/** Nothing held: every file is as fixed as its generated name. */
export const NO_HOLD: MediaHold = { mayHide: () => false, isHidden: () => Promise.resolve(false) };
