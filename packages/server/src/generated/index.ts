// generated — do not edit. Written by codegen/src/emit/server.ts from spec/openapi.yaml and spec/xsd/*.xsd; run `npm run generate`.
/* eslint-disable */
export * from './routes.js';
export * from './handlers.js';
