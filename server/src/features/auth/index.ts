/** What other features use of staff sign-in: password hashing, session tokens, and ending sessions. */
export { hashPassword, verifyPassword } from './passwords.js';
export { hashToken } from './tokens.js';
export { endSessions } from './repository.js';
