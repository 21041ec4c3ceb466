const DEFAULT_DESTINATION = '/admin/dashboard';

/**
 * Where to go after signing in: the `next` page when it is one of the site's own staff pages,
 * so a crafted link cannot send a freshly signed-in member of staff to another site.
 */
export function afterLoginPath(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return DEFAULT_DESTINATION;
  const path = new URL(next, 'https://gather.invalid');
  if (path.origin !== 'https://gather.invalid') return DEFAULT_DESTINATION;
  const staffPage = path.pathname === '/admin' || path.pathname.startsWith('/admin/');
  const moderation = path.pathname.startsWith('/qna/view/');
  if (!staffPage && !moderation) return DEFAULT_DESTINATION;
  if (path.pathname === '/admin/login') return DEFAULT_DESTINATION;
  return path.pathname + path.search + path.hash;
}
