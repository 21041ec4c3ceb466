import { renderToString } from 'react-dom/server';
import { barePage } from './page.js';

/**
 * The bare React page drawn on the server by the renderer Gather's pages use (react-dom/server's renderToString),
 * in the same document as index.html: the least a page drawn on the server can cost. Import it with NODE_ENV
 * production, as Gather's renderer bundles React's production build.
 */
export function drawBarePage(): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<meta name="description" content="Baseline"><title>Bare React</title></head><body><div id="root">${renderToString(barePage())}</div></body></html>`
  );
}
