/** What other features use of staff sign-in: password hashing and rules, session tokens, and ending sessions. */
export { hashPassword, verifyPassword } from './passwords.js';
export { checkNewPassword } from './password-rules.js';
export { hashToken } from './service.js';
export { endSessions } from './repository.js';
