import { useMatches } from 'react-router-dom';
import { routeMeta, usePageMeta } from '../lib/meta';

/** Pages whose title depends on what they load (a Q&A session's name) set it again themselves. */
export function RouteMeta() {
  const matches = useMatches();
  usePageMeta(routeMeta(matches.map((match) => match.handle)) ?? {});
  return null;
}
