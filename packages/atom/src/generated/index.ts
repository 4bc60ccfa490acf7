// generated — do not edit. Written by codegen/src/generate.ts from spec/openapi.yaml and spec/xsd/*.xsd; run `npm run generate`.
/* eslint-disable */
export * from './model.js';
export * from './codecs.js';
export * from './operations.js';
