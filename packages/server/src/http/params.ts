/**
 * Path and query parameters of an operation, checked against its spec: integers must be
 * integers, enums one of their values, required ones present.
 *
 * A path value is part of the URL: one that does not fit its parameter (not validly
 * percent-encoded, a control character (C0, DEL, C1) or a character XML cannot carry, an
 * integer id that is not an integer, empty) names nothing, and answers 404 `not_found` exactly
 * as a well-formed id that names nothing does (`/v2/syncengine/synclog/12ab` as
 * `/v2/syncengine/synclog/99`, a malformed uuid as an unknown one).
 *
 * A query parameter that does not fit is a 400 `validation_failed`, one `<detail>` per violation
 * (`?name`); one whose name or value holds a character XML cannot carry, declared or not, is
 * refused likewise, naming the parameter and the character. Messages never repeat such a value:
 * input is echoed through `quote` (http/safe-text.ts) only.
 */
import type { ErrorDetail, OperationSpec, ParamSpec } from '@atomsync/atom';
import { getRouterParams, type H3Event } from 'h3';
import { ServiceError } from '../errors.js';
import { codePointName, quote, unwritableIn, writable } from './safe-text.js';

const INTEGER = /^-?\d+$/;

/** Query parameters refused for an unwritable character that get a `<detail>` each; the rest are refused unnamed. */
const MAX_CHARACTER_DETAILS = 20;

/** Characters no identifier holds: every control (C0 with TAB/LF/CR, DEL, C1). */
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

/** An encoded `/` or `\` (also double-encoded): kept encoded, as h3's own decoding does. */
const ENCODED_SEPARATOR = /(%(?:25)*(?:2f|5c))/i;

/** A route parameter as it arrived (percent-encoded) → its text; undefined when not validly encoded. */
function decodePathValue(raw: string): string | undefined {
  if (!raw.includes('%')) return raw;
  try {
    return raw
      .split(ENCODED_SEPARATOR)
      .map((part, k) => (k % 2 === 1 ? part : decodeURIComponent(part)))
      .join('');
  } catch {
    return undefined;
  }
}

/** Why a decoded path value names nothing, or undefined when it may name something. */
function unfitPathValue(value: string | undefined): string | undefined {
  if (value === undefined) return 'is not validly percent-encoded';
  const bad = CONTROL.exec(value)?.[0] ?? unwritableIn(value);
  return bad === undefined ? undefined : `holds ${codePointName(bad)}, a character no identifier holds`;
}

/** The path parameter's value as the handler gets it; throws 404 `not_found` when it names nothing. */
function readPathValue(param: ParamSpec, raw: string): string | number {
  const value = decodePathValue(raw);
  const unfit = unfitPathValue(value);
  if (unfit !== undefined) throw new ServiceError(404, 'not_found', `there is nothing at this URL: its {${param.name}} ${unfit}`);
  const details: ErrorDetail[] = [];
  const parsed = parseValue(param, value!, `{${param.name}}`, details);
  if (parsed === undefined) throw new ServiceError(404, 'not_found', `there is nothing at this URL: its ${details[0]!.path} ${details[0]!.message}`);
  return parsed;
}

function parseValue(param: ParamSpec, raw: string, label: string, details: ErrorDetail[]): string | number | undefined {
  if (param.type === 'integer') {
    const n = Number(raw);
    if (!INTEGER.test(raw) || !Number.isSafeInteger(n)) {
      details.push({ path: label, message: `${quote(raw)} is not an integer` });
      return undefined;
    }
    return n;
  }
  if (param.enum !== undefined && !param.enum.includes(raw)) {
    details.push({ path: label, message: `${quote(raw)} is not one of ${param.enum.join(', ')}` });
    return undefined;
  }
  if (param.required && raw === '') {
    details.push({ path: label, message: 'is empty' });
    return undefined;
  }
  return raw;
}

export interface Params {
  path: Record<string, string | number>;
  query: Record<string, string | number>;
}

/**
 * The operation's parameters, decoded and typed; throws 404 `not_found` for a path value that
 * names nothing, 400 `validation_failed` listing every violation of the query.
 */
export function readParams(event: H3Event, operation: OperationSpec): Params {
  // Route params arrive percent-encoded; decoded here (an encoded `/` stays encoded, as in h3).
  const routeParams = getRouterParams(event);
  const search = event.url.searchParams;
  const details: ErrorDetail[] = [];
  const params: Params = { path: {}, query: {} };
  for (const param of operation.params) {
    if (param.in === 'path') params.path[param.name] = readPathValue(param, routeParams[param.name] ?? '');
  }
  // Every query parameter, declared or not: a handler may read one the spec does not list.
  const refused = new Set<string>();
  for (const [name, value] of search) {
    const bad = unwritableIn(name) ?? unwritableIn(value);
    if (bad === undefined || refused.has(name)) continue;
    refused.add(name);
    if (refused.size <= MAX_CHARACTER_DETAILS) details.push({ path: `?${writable(name)}`, message: `holds ${codePointName(bad)}, a character XML cannot carry` });
  }
  for (const param of operation.params) {
    if (param.in === 'path' || refused.has(param.name)) continue;
    const label = `?${param.name}`;
    const values = search.getAll(param.name);
    if (values.length === 0) {
      if (param.required) details.push({ path: label, message: 'is missing' });
      continue;
    }
    if (values.length > 1) {
      details.push({ path: label, message: 'appears more than once' });
      continue;
    }
    const value = parseValue(param, values[0]!, label, details);
    if (value !== undefined) params.query[param.name] = value;
  }
  if (details.length > 0) {
    throw new ServiceError(400, 'validation_failed', `the request's parameters do not fit ${operation.id}: ${details[0]!.path} ${details[0]!.message}`, details);
  }
  return params;
}
