import type { Params } from 'react-router-dom';
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

/** One API answer a page is drawn from: the query it fills, the API path it reads, and how the page caches it. */
export interface PageDataNeed {
  queryKey: readonly unknown[];
  path: string;
  /** What the page's query makes of the answer, when it caches more or less than the API's JSON. */
  cache?: (answer: never) => unknown;
  /**
   * What the page is about (an event, a session, a collection): when the API has no such thing, the page is
   * answered 404, so search engines and link previews drop a link to something removed.
   */
  subject?: boolean;
}

/**
 * Declared in a route's `handle`: the answers its page (and its layout) shows, so the server reads them
 * before drawing and draws once. A query a page uses but no route declares makes the server draw twice.
 */
export interface DataHandle {
  data?: (params: Params) => PageDataNeed[];
}

/** What every matched route, from the layout down to the page, declares. */
export function declaredData(handles: unknown[], params: Params): PageDataNeed[] {
  return handles.flatMap((handle) =>
    typeof handle === 'object' && handle !== null && 'data' in handle
      ? (handle as Required<DataHandle>).data(params)
      : [],
  );
}
