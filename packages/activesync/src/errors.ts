/**
 * What the codec throws. ActiveSyncDecodeError: a body that is not an ActiveSync WBXML document
 * we read (the server answers 400, never a 500 from a cast); it also reports a required element
 * missing from a tree read with the helpers. ActiveSyncEncodeError: a tree we cannot write (an
 * unknown name, text WBXML cannot carry) — a bug in the caller. ActiveSyncRequestLineError: a
 * request line (query, protocol headers) that does not name a command, device and version.
 */
export class ActiveSyncDecodeError extends Error {
  override readonly name = 'ActiveSyncDecodeError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export class ActiveSyncEncodeError extends Error {
  override readonly name = 'ActiveSyncEncodeError';
}

export class ActiveSyncRequestLineError extends Error {
  override readonly name = 'ActiveSyncRequestLineError';
}
