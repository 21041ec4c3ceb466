// No zod here: the public pages' first script imports this (the console's sections), and stays small.

/**
 * What a staff member's work needs: each role opens its sections of the console and their calls. An
 * administrator may do everything.
 */
export const STAFF_ROLES = ['administrator', 'content', 'live', 'mail', 'finance', 'pastoral'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const NO_PERMISSION = 'You do not have permission to do this.';

/** Whether someone holding `held` may do what needs any one of `needed`. */
export function holdsRole(held: readonly StaffRole[], needed: readonly StaffRole[]): boolean {
  return held.includes('administrator') || needed.some((role) => held.includes(role));
}
