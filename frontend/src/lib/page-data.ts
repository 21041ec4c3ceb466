import type { DehydratedState } from '@tanstack/react-query';

/**
 * A page the server rendered carries the answers it was drawn from in this script tag (JSON, never
 * run: the page's Content-Security-Policy allows no inline script).
 */
export const PAGE_DATA_ID = 'page-data';

/** JSON safe inside a <script> element: no "<" can close it early. */
export function pageDataScript(state: DehydratedState): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PAGE_DATA_ID}">${json}</script>`;
}

export function readPageData(): DehydratedState | undefined {
  const text = document.getElementById(PAGE_DATA_ID)?.textContent;
  return text ? (JSON.parse(text) as DehydratedState) : undefined;
}
