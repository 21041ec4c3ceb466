import { createElement } from 'react';

/** The bare React page: drawn in the browser (main.ts) and on the server (server.ts). */
export const barePage = () =>
  createElement('main', null, createElement('h1', null, 'Baseline'), createElement('p', null, 'A bare React page.'));
