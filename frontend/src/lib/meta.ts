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
    document.title = title ? `${title} | ${church}` : church;
    if (description) descriptionTag().setAttribute('content', description);
  }, [title, description, church]);
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
