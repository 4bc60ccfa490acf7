/**
 * @atomsync/msw — msw 2 handlers that mock the atomsync API for consumer tests.
 *
 *   import { setupServer } from 'msw/node';
 *   import { handlers, getGetSyncmlClientMockHandler, errorResponse } from '@atomsync/msw';
 *
 *   const server = setupServer(...handlers());
 *   server.use(getGetSyncmlClientMockHandler(errorResponse({ status: 404, code: 'not_found', message: 'No SyncML client' })));
 */

// Handlers: one factory per operation, and all of them at once (generated from spec/openapi.yaml)
export * from './generated/handlers.js';

// Overrides
export type { MockOverride, MockOverrides, MockRequestInfo, HandlersOptions, Refusal } from './resolver.js';
export { errorResponse, type ErrorResponseInit } from './errors.js';

// Sample data: what the handlers answer by default, decoded
export { mockResult, sampleEntry, sampleFeed } from './sample.js';
