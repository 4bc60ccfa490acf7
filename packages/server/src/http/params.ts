/**
 * Path and query parameters of an operation, checked against its spec: integers must be
 * integers, enums one of their values, required ones present. Every violation becomes one
 * `<detail>` of a 400 `validation_failed`; path parameters are `{name}`, query ones `?name`.
 */
import type { ErrorDetail, OperationSpec, ParamSpec } from '@atomsync/atom';
import { getRouterParams, type H3Event } from 'h3';
import { ServiceError } from '../errors.js';

const INTEGER = /^-?\d+$/;

function parseValue(param: ParamSpec, raw: string, label: string, details: ErrorDetail[]): string | number | undefined {
  if (param.type === 'integer') {
    const n = Number(raw);
    if (!INTEGER.test(raw) || !Number.isSafeInteger(n)) {
      details.push({ path: label, message: `${JSON.stringify(raw)} is not an integer` });
      return undefined;
    }
    return n;
  }
  if (param.enum !== undefined && !param.enum.includes(raw)) {
    details.push({ path: label, message: `${JSON.stringify(raw)} is not one of ${param.enum.join(', ')}` });
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

/** The operation's parameters, decoded and typed; throws 400 `validation_failed` listing every violation. */
export function readParams(event: H3Event, operation: OperationSpec): Params {
  // Route params arrive percent-encoded; h3 decodes them but keeps an encoded `/` encoded.
  const routeParams = getRouterParams(event, { decode: true });
  const search = event.url.searchParams;
  const details: ErrorDetail[] = [];
  const params: Params = { path: {}, query: {} };
  for (const param of operation.params) {
    if (param.in === 'path') {
      const value = parseValue(param, routeParams[param.name] ?? '', `{${param.name}}`, details);
      if (value !== undefined) params.path[param.name] = value;
      continue;
    }
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
