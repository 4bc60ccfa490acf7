/**
 * The console's pages live in the URL fragment (`#/devices/<uuid>`), so the server has one page
 * to serve and no catch-all path (packages/console/README.md).
 */
import { useEffect, useState } from 'preact/hooks';

export type Route =
  | { page: 'overview' }
  | { page: 'devices'; uuid?: string }
  | { page: 'books'; uuid?: string; item?: string }
  | { page: 'bindings' }
  | { page: 'passwords' }
  | { page: 'account' }
  | { page: 'accounts' }
  | { page: 'chatlog' }
  | { page: 'health' }
  | { page: 'unknown'; path: string };

/** The pages that take no path segment after their name: the page is the name. */
const SINGLE = ['bindings', 'passwords', 'account', 'accounts', 'chatlog', 'health'] as const;
/** The administrators' pages: shown in the navigation to administrators alone (the API refuses the rest). */
export const ADMIN_PAGES: ReadonlySet<Route['page']> = new Set(['accounts', 'chatlog', 'health']);

export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#/, '') || '/';
  const parts = path.split('/').filter((p) => p !== '');
  if (parts.length === 0) return { page: 'overview' };
  if (parts[0] === 'devices' && parts.length <= 2) return parts[1] === undefined ? { page: 'devices' } : { page: 'devices', uuid: decodeURIComponent(parts[1]) };
  if (parts[0] === 'books' && parts.length <= 3) {
    const [, uuid, item] = parts.map(decodeURIComponent);
    return { page: 'books', ...(uuid === undefined ? {} : { uuid }), ...(item === undefined ? {} : { item }) };
  }
  const single = SINGLE.find((page) => page === parts[0]);
  if (single !== undefined && parts.length === 1) return { page: single };
  return { page: 'unknown', path };
}

const under = (...parts: (string | undefined)[]): string => parts.filter((p) => p !== undefined).map((p) => `/${encodeURIComponent(p!)}`).join('');

export function hrefOf(route: Route): string {
  switch (route.page) {
    case 'overview':
      return '#/';
    case 'devices':
      return `#/devices${under(route.uuid)}`;
    case 'books':
      return `#/books${under(route.uuid, route.uuid === undefined ? undefined : route.item)}`;
    case 'unknown':
      return `#${route.path}`;
    default:
      return `#/${route.page}`;
  }
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const changed = () => setRoute(parseRoute(location.hash));
    addEventListener('hashchange', changed);
    return () => removeEventListener('hashchange', changed);
  }, []);
  return route;
}
