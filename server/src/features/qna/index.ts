/** What the server's compositions use of Q&A besides its routes: who may follow a session live. */
export { qnaRooms } from './live.js';
