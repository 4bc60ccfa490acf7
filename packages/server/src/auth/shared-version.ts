/**
 * The store's version (Store.version), one read shared by the requests it is fresh enough for.
 *
 * A request needs what the store held at some moment after it arrived: a write whose answer its
 * client had already seen was committed before it arrived, and a read begun after the arrival
 * sees it. So a read called once a request had arrived serves that request, whichever request
 * called it, pending or done; requests that arrive together (many connections, one turn of the
 * event loop) share one. A read called before a request arrived never serves it.
 */
import { arrivals } from '../http/request-state.js';

export class SharedVersion {
  #last: { readonly calledAt: number; readonly version: Promise<string> } | undefined;

  constructor(private readonly read: () => Promise<string>) {}

  /** The store's version, read after the request counted `arrival` (http/request-state.ts) arrived. */
  since(arrival: number): Promise<string> {
    const last = this.#last;
    if (last !== undefined && last.calledAt >= arrival) return last.version;
    const version = this.read();
    const called = { calledAt: arrivals(), version };
    this.#last = called;
    // A failed read is not shared on: the next request reads again.
    version.catch(() => {
      if (this.#last === called) this.#last = undefined;
    });
    return version;
  }
}
