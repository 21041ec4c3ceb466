/** What other features use of staff sign-in: password hashing, session tokens, and ending sessions or their live connections. */
export { hashPassword, verifyPassword } from './passwords.js';
export { hashToken } from './service.js';
export { endSessions, reconnectSessions } from './repository.js';
