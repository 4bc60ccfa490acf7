/**
 * The store's version (Store.version), one read shared by the requests it is fresh enough for.
 *
 * A request needs what the store held at some moment after it arrived: a write whose answer its
 * client had already seen was committed before it arrived, and a read begun after the arrival
 * sees it. So a read called once a request had arrived serves that request, whichever request
 * asked for it, pending or done; a read called before a request arrived never serves it.
 *
 * The read is called at the end of the event loop's turn (setImmediate), not when first asked:
 * node takes each request from arrival to its authentication in one go of microtasks before it
 * parses the next, so a read called at once would serve only its own request. Called after the
 * turn's I/O, it serves every request that arrived in it (one read for many connections).
 */
import { arrivals } from '../http/request-state.js';

interface Read {
  /** arrivals() when the read was called; undefined while it waits for the end of the turn. */
  calledAt: number | undefined;
  readonly version: Promise<string>;
}

export class SharedVersion {
  #last: Read | undefined;

  constructor(private readonly read: () => Promise<string>) {}

  /** The store's version, read after the request counted `arrival` (http/request-state.ts) arrived. */
  since(arrival: number): Promise<string> {
    const last = this.#last;
    if (last !== undefined && (last.calledAt === undefined || last.calledAt >= arrival)) return last.version;
    let call!: () => void;
    const read: Read = {
      calledAt: undefined,
      version: new Promise<string>((resolve, reject) => {
        call = () => {
          read.calledAt = arrivals();
          this.read().then(resolve, reject);
        };
      }),
    };
    this.#last = read;
    setImmediate(call);
    // A failed read is not shared on: the next request reads again.
    read.version.catch(() => {
      if (this.#last === read) this.#last = undefined;
    });
    return read.version;
  }
}
