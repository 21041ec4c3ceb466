import { useMatches } from 'react-router-dom';
import { usePageMeta, type PageMeta } from '../lib/meta';

/**
 * Each route declares its title and description in its `handle`; the deepest one wins. Pages whose
 * title depends on what they load (a Q&A session's name) set it again themselves.
 */
export function RouteMeta() {
  const matches = useMatches();
  const meta = [...matches].reverse().find((match) => isMeta(match.handle))?.handle as PageMeta | undefined;
  usePageMeta(meta ?? {});
  return null;
}

function isMeta(handle: unknown): handle is PageMeta {
  return typeof handle === 'object' && handle !== null && ('title' in handle || 'description' in handle);
}
