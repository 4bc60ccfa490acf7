/**
 * The client half over a scripted fetch (the real servers are in the server package's extdata
 * tests): credentials go to the registered origin only, even across redirects; discovery walks
 * from a server root through the well-known URL, the principal and its home to the collection
 * asked for; a collection of the other kind is refused by name; sync-collection follows 507 rounds
 * and never counts the collection itself (iCloud lists it) as a member.
 */
import { describe, expect, it } from 'vitest';
import { DavDiscoveryError, DavHttpError, createDavClient, discover, pickCollection, syncCollection, type DiscoveredCollection } from '../src/index.js';

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly authorization: string | null;
  readonly body: string;
}

type Script = (request: Seen) => Response;

function scripted(script: Script): { fetch: typeof globalThis.fetch; seen: Seen[] } {
  const seen: Seen[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const request = { method: init?.method ?? 'GET', url: String(input), authorization: headers.get('authorization'), body: String(init?.body ?? '') };
    seen.push(request);
    return script(request);
  }) as typeof globalThis.fetch;
  return { fetch, seen };
}

const ms = (inner: string) => new Response(`<?xml version="1.0"?><multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav" xmlns:A="urn:ietf:params:xml:ns:caldav">${inner}</multistatus>`, { status: 207, headers: { 'content-type': 'application/xml' } });
const ok = (href: string, props: string) => `<response><href>${href}</href><propstat><prop>${props}</prop><status>HTTP/1.1 200 OK</status></propstat></response>`;
const redirect = (location: string) => new Response(null, { status: 301, headers: { location } });

describe('the DAV client', () => {
  it('sends credentials to the registered origin only, following redirects by hand', async () => {
    const { fetch, seen } = scripted((r) => (r.url.startsWith('https://a.example/') ? redirect('https://b.example/dav/') : ms(ok('/dav/', '<resourcetype><collection/></resourcetype>'))));
    const client = createDavClient({ fetch, origin: 'https://a.example', authorization: () => 'Basic c2VjcmV0' });
    await client.propfind('https://a.example/start/', '0', []);
    expect(seen.map((s) => [s.url, s.authorization])).toEqual([
      ['https://a.example/start/', 'Basic c2VjcmV0'],
      ['https://b.example/dav/', null],
    ]);
  });

  it('answers a 401 of the registered origin by renewing the credentials once and sending again; another origin\'s 401 is not answered', async () => {
    let token = 'old';
    const renewals: string[] = [];
    const reauthorize = async (refused: string) => {
      renewals.push(refused);
      token = 'new';
      return true;
    };
    const { fetch, seen } = scripted((r) => {
      if (r.url.startsWith('https://b.example/')) return new Response(null, { status: 401 });
      if (r.url.endsWith('/away/')) return redirect('https://b.example/dav/');
      return r.authorization === 'Bearer new' ? ms(ok('/dav/', '<resourcetype><collection/></resourcetype>')) : new Response(null, { status: 401 });
    });
    const client = createDavClient({ fetch, origin: 'https://a.example', authorization: () => `Bearer ${token}`, reauthorize });
    await client.propfind('https://a.example/dav/', '0', []);
    expect(seen.map((s) => [s.method, s.authorization])).toEqual([['PROPFIND', 'Bearer old'], ['PROPFIND', 'Bearer new']]);
    expect(seen[1]!.body).toBe(seen[0]!.body);
    expect(renewals).toEqual(['Bearer old']);
    // A 401 from where a redirect led: no credentials were sent there, so none are renewed.
    await expect(client.propfind('https://a.example/away/', '0', [])).rejects.toMatchObject({ status: 401 });
    expect(renewals).toHaveLength(1);
    // Renewed credentials refused again: the 401 is the answer, no second renewal.
    token = 'still-refused';
    const again = createDavClient({ fetch, origin: 'https://a.example', authorization: () => `Bearer ${token}`, reauthorize: async (refused) => (renewals.push(refused), true) });
    await expect(again.propfind('https://a.example/dav/', '0', [])).rejects.toMatchObject({ status: 401 });
    expect(renewals).toEqual(['Bearer old', 'Bearer still-refused']);
  });

  it('finds the address book from a server root: well-known, principal, home set, Depth 1, by name', async () => {
    const { fetch, seen } = scripted((r) => {
      const path = new URL(r.url).pathname;
      if (path === '/') return new Response('a web page', { status: 404 });
      if (path === '/.well-known/carddav') return redirect('/dav/');
      if (path === '/dav/') return ms(ok('/dav/', '<resourcetype><collection/></resourcetype><current-user-principal><href>/dav/principals/alice/</href></current-user-principal>'));
      if (path === '/dav/principals/alice/') return ms(ok(path, '<C:addressbook-home-set><href>/dav/books/alice/</href></C:addressbook-home-set>'));
      if (path === '/dav/books/alice/') {
        return ms(
          ok('/dav/books/alice/', '<resourcetype><collection/></resourcetype>') +
            ok('/dav/books/alice/default/', '<resourcetype><collection/><C:addressbook/></resourcetype><displayname>Contacts</displayname>') +
            ok('/dav/books/alice/family/', '<resourcetype><collection/><C:addressbook/></resourcetype><displayname>Family</displayname><sync-token>t1</sync-token>'),
        );
      }
      return new Response(null, { status: 404 });
    });
    const client = createDavClient({ fetch, origin: 'https://dav.example', authorization: () => 'Basic x' });
    const family = await discover(client, 'https://dav.example/', { kind: 'addressbook', name: 'Family' });
    expect(family).toMatchObject({ url: 'https://dav.example/dav/books/alice/family/', kind: 'addressbook', displayName: 'Family', syncToken: 't1' });
    const first = await discover(client, 'https://dav.example/', { kind: 'addressbook' });
    expect(first.url).toBe('https://dav.example/dav/books/alice/default/');
    expect(seen.every((s) => s.authorization === 'Basic x')).toBe(true);
    await expect(discover(client, 'https://dav.example/', { kind: 'addressbook', name: 'Work' })).rejects.toThrow(/no collection named "Work" \(found: "Contacts", "Family"\)/);
  });

  it('refuses a collection of the other kind, naming both', async () => {
    const { fetch } = scripted(() => ms(ok('/cal/', '<resourcetype><collection/><A:calendar/></resourcetype>')));
    const client = createDavClient({ fetch });
    const refused = discover(client, 'https://dav.example/cal/', { kind: 'addressbook' });
    await expect(refused).rejects.toBeInstanceOf(DavDiscoveryError);
    await expect(refused).rejects.toThrow('https://dav.example/cal/ is a calendar, not an address book');
  });

  it('reports a refusal with its status and the precondition the server named', async () => {
    const { fetch } = scripted(() => new Response('<?xml version="1.0"?><error xmlns="DAV:"><valid-sync-token/></error>', { status: 403, statusText: 'Forbidden' }));
    const error = await syncCollection(createDavClient({ fetch }), 'https://dav.example/book/', 'old').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DavHttpError);
    expect((error as DavHttpError).status).toBe(403);
    expect((error as DavHttpError).has('valid-sync-token')).toBe(true);
  });

  it('follows a sync-collection truncated with 507 round after round, the collection itself never a member', async () => {
    const rounds: Record<string, string> = {
      '': ok('https://dav.example/book/a.vcf', '<getetag>"a1"</getetag>') + '<response><href>/book/</href><status>HTTP/1.1 507 Insufficient Storage</status></response><sync-token>t1</sync-token>',
      t1: ok('/book/', '<getetag>"c"</getetag>') + ok('/book/b.vcf', '<getetag>"b1"</getetag>') + '<response><href>/book/a.vcf</href><status>HTTP/1.1 404 Not Found</status></response><sync-token>t2</sync-token>',
    };
    const { fetch, seen } = scripted((r) => ms(rounds[/<d:sync-token>([^<]*)<\/d:sync-token>/.exec(r.body)![1]!]!));
    const delta = await syncCollection(createDavClient({ fetch }), 'https://dav.example/book/', '');
    expect(seen.map((s) => s.method)).toEqual(['REPORT', 'REPORT']);
    expect([...delta.changed]).toEqual([['/book/b.vcf', '"b1"']]);
    expect([...delta.deleted]).toEqual(['/book/a.vcf']);
    expect(delta.syncToken).toBe('t2');
  });

  it('picks the first calendar that holds the component, and one that names no set holds any', () => {
    const calendar = (url: string, components: string[]): DiscoveredCollection => ({ url, kind: 'calendar', isCollection: true, displayName: undefined, syncToken: undefined, ctag: undefined, syncCollection: false, components });
    const found = [calendar('https://x/events/', ['VEVENT']), calendar('https://x/tasks/', ['VTODO']), calendar('https://x/any/', [])];
    expect(pickCollection(found, { components: ['VTODO'] }).url).toBe('https://x/tasks/');
    expect(pickCollection(found.slice(0, 1).concat(found.slice(2)), { components: ['VJOURNAL'] }).url).toBe('https://x/any/');
    expect(() => pickCollection(found.slice(0, 1), { components: ['VTODO'] })).toThrow('no collection holds VTODO');
  });
});
