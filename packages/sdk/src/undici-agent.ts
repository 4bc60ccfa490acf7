/**
 * The client's own undici 7 `Agent`, made safe to load into someone else's process:
 *
 * - Loaded on first use, after Node's bundled fetch. undici installs an `Agent` of its own as the
 *   process's global dispatcher when it is loaded before Node's fetch has installed one (both use
 *   the same `Symbol.for('undici.globalDispatcher.1')`); every unrelated `fetch` of the process
 *   would then run on undici 7 instead of Node's own. The client only ever passes its Agent per
 *   request and never touches the global dispatcher.
 * - Its HTTP/1 parser never pauses. undici 7 (7.30.2 and every 7.x; the fix, nodejs/undici#5474,
 *   is in undici 8, which needs Node 22) asserts `!this.paused` and takes the whole process down
 *   when a server closes the connection while a close-delimited answer is paused for backpressure
 *   (an HTTP/1.0 server, or `Connection: close`). The client reads every answer whole, so a pause
 *   saves no memory: ignoring it costs nothing and removes the state the assertion trips on.
 */
import type { Agent, Dispatcher } from 'undici';

/** A controller whose `pause()` does nothing; everything else is the real controller's. */
function unpausable(controller: Dispatcher.DispatchController): Dispatcher.DispatchController {
  return new Proxy(controller, {
    get(target, key) {
      if (key === 'pause') return () => undefined;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Hands the handler (undici has already wrapped a legacy one into this shape) an unpausable controller. */
const neverPause: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (options, handler) => {
  let real: Dispatcher.DispatchController | undefined;
  let wrapped: Dispatcher.DispatchController | undefined;
  const own = (controller: Dispatcher.DispatchController) => {
    if (controller !== real) [real, wrapped] = [controller, unpausable(controller)];
    return wrapped!;
  };
  return dispatch(options, {
    onRequestStart: (controller, context) => handler.onRequestStart?.(own(controller), context),
    onRequestUpgrade: (controller, statusCode, headers, socket) => handler.onRequestUpgrade?.(own(controller), statusCode, headers, socket),
    onResponseStart: (controller, statusCode, headers, statusMessage) => handler.onResponseStart?.(own(controller), statusCode, headers, statusMessage),
    onResponseData: (controller, chunk) => handler.onResponseData?.(own(controller), chunk),
    onResponseEnd: (controller, trailers) => handler.onResponseEnd?.(own(controller), trailers),
    onResponseError: (controller, error) => handler.onResponseError?.(own(controller), error),
  });
};

export interface OwnedAgent {
  readonly dispatcher: Dispatcher;
  close(): Promise<void>;
}

export async function createOwnedAgent(): Promise<OwnedAgent> {
  // Reading a lazy web global loads Node's bundled undici, which installs Node's own global
  // dispatcher if there is none yet; undici 7 then finds one and leaves it alone.
  void globalThis.Response;
  const undici = await import('undici');
  const agent: Agent = new undici.Agent();
  return { dispatcher: agent.compose(neverPause), close: () => agent.close() };
}
