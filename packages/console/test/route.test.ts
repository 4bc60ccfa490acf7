/** The console's pages in the URL fragment (src/route.ts): each parses back from the link the console makes. */
import { describe, expect, it } from 'vitest';
import { hrefOf, parseRoute, type Route } from '../src/route.js';

describe('the console\'s routes', () => {
  const routes: Route[] = [
    { page: 'overview' },
    { page: 'devices' },
    { page: 'devices', uuid: '0b9b1f6e-5f43-4c4e-9c1a-1d2f3e4a5b6c' },
    { page: 'books' },
    { page: 'books', uuid: '0b9b1f6e-5f43-4c4e-9c1a-1d2f3e4a5b6c' },
    { page: 'books', uuid: '0b9b1f6e-5f43-4c4e-9c1a-1d2f3e4a5b6c', item: 'a/b c' },
    { page: 'bindings' },
    { page: 'passwords' },
    { page: 'account' },
    { page: 'accounts' },
    { page: 'chatlog' },
    { page: 'health' },
  ];
  it.each(routes.map((r) => [hrefOf(r), r] as const))('%s parses back to the page it names', (href, route) => {
    expect(parseRoute(href)).toEqual(route);
  });

  it('escapes what it puts in the fragment: an item id with a slash stays one segment', () => {
    expect(hrefOf({ page: 'books', uuid: 'u', item: 'a/b' })).toBe('#/books/u/a%2Fb');
  });

  it('names no page for a path it does not know, or one too deep', () => {
    expect(parseRoute('#/books/u/i/extra')).toEqual({ page: 'unknown', path: '/books/u/i/extra' });
    expect(parseRoute('#/nowhere')).toEqual({ page: 'unknown', path: '/nowhere' });
  });
});
