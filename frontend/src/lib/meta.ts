import { useEffect } from 'react';
import { useChurchName } from './site';

export interface PageMeta {
  /** Shown before the church's name in the tab; none shows the name alone. */
  title?: string;
  description?: string;
}

/** Sets the tab title and the description meta for the page on screen. */
export function usePageMeta({ title, description }: PageMeta) {
  const church = useChurchName();
  useEffect(() => {
    document.title = pageTitle(title, church);
    if (description) descriptionTag().setAttribute('content', description);
  }, [title, description, church]);
}

/** Each route declares its title and description in its `handle`; the deepest one wins. */
export function routeMeta(handles: unknown[]): PageMeta | undefined {
  return [...handles].reverse().find(isMeta);
}

function isMeta(handle: unknown): handle is PageMeta {
  return typeof handle === 'object' && handle !== null && ('title' in handle || 'description' in handle);
}

export function pageTitle(title: string | undefined, church: string): string {
  return title ? `${title} | ${church}` : church;
}

function descriptionTag(): HTMLMetaElement {
  let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  return tag;
}
