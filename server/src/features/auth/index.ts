/** What other features use of staff sign-in: password hashing and rules, session tokens, and ending sessions or their live connections. */
export { hashPassword, verifyPassword } from './passwords.js';
export { checkNewPassword } from './password-rules.js';
export { hashToken } from './tokens.js';
export { endSessions, reconnectSessions } from './repository.js';
