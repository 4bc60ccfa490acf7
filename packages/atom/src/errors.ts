/** One reason a document does not fit its shape, with where it is (`/entry/client/uuid`). */
export interface Violation {
  path: string;
  message: string;
}

export type DecodeErrorCode = 'invalid_xml' | 'validation_failed';

/**
 * The only error a decoder throws: `invalid_xml` when the bytes are not well-formed XML (or carry
 * a DOCTYPE, which we never process), `validation_failed` when they are XML of the wrong shape.
 */
export class AtomDecodeError extends Error {
  override readonly name = 'AtomDecodeError';
  constructor(
    readonly code: DecodeErrorCode,
    message: string,
    readonly violations: readonly Violation[] = [],
  ) {
    super(message);
  }
}

/** Thrown by an encoder handed a value its type does not allow (a bug in the caller). */
export class AtomEncodeError extends Error {
  override readonly name = 'AtomEncodeError';
  constructor(
    message: string,
    readonly path: string,
  ) {
    super(`${message} at ${path}`);
  }
}
