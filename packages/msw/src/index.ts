/**
 * @atomsync/msw — the atomsync API for consumer tests: the real reference server, running in
 * memory behind msw 2, with per-operation overrides for errors and delays.
 *
 *   import { setupServer } from 'msw/node';
 *   import { createMockServer, errorResponse, getGetSyncmlClientMockHandler } from '@atomsync/msw';
 *
 *   const mock = await createMockServer();               // account demo / demo
 *   const server = setupServer(...mock.handlers());
 *   afterEach(() => mock.reset());
 *   server.use(getGetSyncmlClientMockHandler(errorResponse({ status: 503, code: 'internal', message: 'Maintenance' })));
 */

// The server in memory
export { createMockServer, DEMO_ACCOUNT, type MockServer, type MockServerOptions, type MockAccount, type MockAccountInit } from './mock-server.js';

// Overrides: one handler factory per operation (generated from spec/openapi.yaml), put in front with server.use
export * from './generated/handlers.js';
export { operationHandlers, mockHandler, type Answerer, type MockOverride, type MockOverrides, type MockRequestInfo, type MockHandlerOptions, type HandlersOptions } from './handler.js';
export { errorResponse, WWW_AUTHENTICATE, type ErrorResponseInit } from './errors.js';
export { mockRoutes, type MockRoute } from './generated/routes.js';

// Sample data (the golden examples), and handlers answering it without a server
export { mockResult, sampleEntry, sampleFeed, sampleHandlers } from './sample.js';
