/**
 * What the decoder throws for a body it cannot read: not well-formed, a DTD, not SyncML, a
 * required element missing, a version we do not speak, a number that is not one. The server
 * answers these with 400 (or a SyncML error status) instead of failing the request with a 500;
 * anything else thrown by the decoder is a bug.
 */
export class SyncmlDecodeError extends Error {
  override readonly name = 'SyncmlDecodeError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
