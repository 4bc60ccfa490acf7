/** The tests' one way to say "this input is refused": the DavRequestError `fn` throws (anything else is rethrown). */
import { DavRequestError } from '../../src/index.js';

export function refusal(fn: () => unknown): DavRequestError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DavRequestError) return error;
    throw error;
  }
  throw new Error('expected a DavRequestError');
}
