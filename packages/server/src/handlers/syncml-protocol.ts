/** The SyncML protocol endpoint (POST /syncml): phones' messages, answered by the session machine. */
import { SyncmlEndpoint } from '../syncml/endpoint.js';
import { phoneRenderer } from '../syncml/render.js';
import type { HandlerGroup } from './deps.js';

export const syncmlProtocolHandlers: HandlerGroup = ({ store, secrets, runs, signIn, oauthClients }) => {
  const endpoint = new SyncmlEndpoint({ store, secrets, runs, oauthClients, renderFor: phoneRenderer(store) }, signIn);
  return {
    async postSyncmlMessage({ body }, ctx) {
      return endpoint.handle(ctx, body);
    },
  };
};
