/**
 * The CardDAV/CalDAV endpoint (RFC 4918, 6352, 4791, 6578): the well-known entry points and
 * everything under `/dav/`, mounted beside the Atom API like the other device protocols. Glue
 * only: @atomsync/dav reads the requests and writes the answers; here the account signs in, the
 * path becomes the account's resource, and the datastore's contents are read and written.
 *
 * Errors: a failed precondition answers its status with the RFC's `DAV:error` body; anything else
 * (401 with the Basic challenge, 404, 405, 503 …) the service's error body, as everywhere.
 */
import { DavRequestError, errorBody, optionsHeaders, type ResourceKind } from '@atomsync/dav';
import type { H3, H3Event } from 'h3';
import type { Logger } from 'pino';
import type { DeviceAuthenticator } from '../auth/device-sign-in.js';
import { sourceOf } from '../http/client-address.js';
import { ServiceError } from '../errors.js';
import { toServiceError } from '../http/failure.js';
import { requestState } from '../http/request-state.js';
import { sendError, type Body } from '../http/respond.js';
import type { Store } from '@atomsync/store';
import { deleteMember, getMember, putMember } from './items.js';
import { deleteCollection } from './remove.js';
import { rootHref, targetOf } from './layout.js';
import { makeCollection } from './mkcol.js';
import { propfind } from './propfind.js';
import { proppatch } from './proppatch.js';
import { report } from './reports.js';
import { kindOf, notFound, resolve, type Resource } from './resources.js';
import type { DavRequest } from './context.js';
import { DavAnswer, davAnswer } from './answer.js';

/** Who may use DAV: HTTP Basic with the account's password or one of its app passwords (auth/device-sign-in.ts). */
export type DavAuthenticator = Pick<DeviceAuthenticator, 'authenticate'>;

export interface DavDeps {
  readonly store: Store;
  readonly auth: DavAuthenticator;
}

const WELL_KNOWN = ['/.well-known/carddav', '/.well-known/caldav'];

export class DavEndpoint {
  constructor(private readonly deps: DavDeps) {}

  mount(app: H3): void {
    // RFC 6764 §5: the entry points redirect to the DAV root, for PROPFIND as for GET (clients start with either).
    for (const path of WELL_KNOWN) {
      app.all(path, (event) => {
        requestState(event).operationId ??= 'dav.well-known';
        return davAnswer(null, { status: 301, headers: { location: rootHref() } }).carryingAnswerHeaders(event);
      });
    }
    // A client given the bare server URL (python-caldav, TbSync with a custom server) PROPFINDs `/`:
    // the Atom API has no PROPFIND, so it is sent to the DAV root too — with 308, which keeps the
    // method and body (requests re-sends a PROPFIND redirected by 301 without its body).
    // (h3 types only the standard methods; its router takes any name.)
    app.on('PROPFIND' as 'GET', '/', (event) => {
      requestState(event).operationId ??= 'dav.well-known';
      return davAnswer(null, { status: 308, headers: { location: rootHref() } }).carryingAnswerHeaders(event);
    });
    for (const path of ['/dav', '/dav/**']) app.all(path, (event) => this.#answer(event));
  }

  async #answer(event: H3Event): Promise<Body | DavAnswer> {
    const answer = await this.#respond(event);
    return answer instanceof DavAnswer ? answer.carryingAnswerHeaders(event) : answer;
  }

  async #respond(event: H3Event): Promise<Body | DavAnswer> {
    const state = requestState(event);
    const method = event.req.method.toUpperCase();
    state.operationId ??= `dav.${method}`;
    try {
      const account = await this.deps.auth.authenticate(event.req.headers.get('authorization'), sourceOf(event));
      state.user = account.username;
      const target = targetOf(event.url.pathname);
      if (target === undefined) throw notFound('DAV resource');
      // The request's logger is made when something logs (request-state.ts): a PUT or a GET that
      // logs nothing makes none (a pino child with redaction per request, ~2% of a PUT).
      const req: DavRequest = {
        store: this.deps.store,
        account,
        event,
        get log() {
          return state.log;
        },
      };
      // A collection is made where nothing is yet: its URL resolves to no resource.
      if (method === 'MKCOL' || method === 'MKCALENDAR') return await makeCollection(req, method, target);
      // PUT and DELETE read the member inside their transaction, after the datastore's lock.
      const resource = await resolve(req, target, { lookUpMember: method !== 'PUT' && method !== 'DELETE' });
      return await this.#dispatch(req, method, resource);
    } catch (error) {
      return this.#refuse(event, error, state.log, state.requestId);
    }
  }

  #dispatch(req: DavRequest, method: string, resource: Resource): Promise<DavAnswer> | DavAnswer {
    switch (method) {
      case 'OPTIONS':
        return options(resource);
      case 'PROPFIND':
        return propfind(req, resource);
      case 'REPORT':
        return report(req, resource);
      case 'GET':
        return getMember(req, resource, false);
      case 'HEAD':
        return getMember(req, resource, true);
      case 'PUT':
        return putMember(req, resource);
      case 'DELETE':
        return resource.kind === 'collection' ? deleteCollection(req, resource.collection) : deleteMember(req, resource);
      case 'PROPPATCH':
        // Collections keep what clients set; every other resource's properties are computed (Allow says so).
        if (resource.kind === 'collection') return proppatch(req, resource);
        throw new ServiceError(405, 'method_not_allowed', 'PROPPATCH goes to an address book or a calendar', [], { allow: allowOf(resource) });
      default:
        throw new ServiceError(405, 'method_not_allowed', `${method} is not a method of this resource`, [], { allow: allowOf(resource) });
    }
  }

  #refuse(event: H3Event, error: unknown, log: Logger, requestId: string): Body | DavAnswer {
    if (error instanceof DavRequestError) {
      if (error.precondition === undefined) return davAnswer(error.message, { status: error.status, headers: { 'content-type': 'text/plain; charset=utf-8' } });
      return davAnswer(errorBody(error.precondition), { status: error.status, headers: { 'content-type': 'application/xml; charset=utf-8' } });
    }
    return sendError(event, toServiceError(error, log, requestId));
  }
}

function kindForOptions(resource: Resource): ResourceKind {
  if (resource.kind === 'unmapped') return resource.collection.component === undefined ? 'vcard' : 'icalendar';
  return kindOf(resource);
}

function allowOf(resource: Resource): string {
  return optionsHeaders(kindForOptions(resource)).Allow;
}

function options(resource: Resource): DavAnswer {
  const { DAV, Allow } = optionsHeaders(kindForOptions(resource));
  return davAnswer(null, { status: 200, headers: { dav: DAV, allow: Allow, 'content-length': '0' } });
}

