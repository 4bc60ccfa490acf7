/**
 * Handlers of the phone catalogue (vendors and models), open to anonymous callers (auth class
 * none). Entries follow spec/examples/vendor.*.xml and phone-model.*.xml: id `urn:uuid:`, title
 * and text content the name, self/edit/alternate links to the entry's own URL. The catalogue has
 * no change history, so entries carry no published/updated (both optional in the schema).
 */
import type { PhoneModelEntry, VendorEntry } from '@atomsync/atom';
import type { RequestContext } from '../context.js';
import { ServiceError } from '../errors.js';
import type { ModelRecord, VendorRecord } from '@atomsync/store';
import { isUuid } from '../services/validation.js';
import { feedOf, linksTo, urlOf } from './atom.js';
import type { HandlerGroup } from './deps.js';
import { quote } from '../http/safe-text.js';

/** The catalogue belongs to the service, not to the caller (who may be nobody). */
const AUTHOR = { name: 'atomsync' };

const VENDORS = '/v2/phones/vendors/';
const MODELS = '/v2/phones/vendors/models/';

function vendorEntry(ctx: RequestContext, vendor: VendorRecord): VendorEntry {
  return {
    author: AUTHOR,
    id: `urn:uuid:${vendor.uuid}`,
    links: linksTo(urlOf(ctx, VENDORS + vendor.uuid), 'self', 'edit', 'alternate'),
    title: vendor.name,
    content: { type: 'text', value: vendor.name },
  };
}

function modelEntry(ctx: RequestContext, model: ModelRecord): PhoneModelEntry {
  return {
    author: AUTHOR,
    id: `urn:uuid:${model.uuid}`,
    links: linksTo(urlOf(ctx, MODELS + model.uuid), 'self', 'edit', 'alternate'),
    title: model.name,
    content: { type: 'text', value: model.name },
    uuid: model.uuid,
    imageUrl: model.imageUrl,
    vendorUuid: model.vendorUuid,
    // Unknown stays unknown: no element rather than an invented version.
    syncmlVersion: model.syncmlVersion ?? undefined,
    dataclasses: [...model.dataclasses],
  };
}

function withFeedAuthor<F extends { author?: unknown }>(feed: F): F {
  return { ...feed, author: AUTHOR };
}

export const catalogueHandlers: HandlerGroup = ({ store }) => {
  const vendor = async (uuid: string): Promise<VendorRecord> => {
    const found = isUuid(uuid) ? await store.catalogue.getVendor(uuid) : undefined;
    if (found === undefined) throw new ServiceError(404, 'not_found', `there is no phone vendor ${quote(uuid)}`);
    return found;
  };
  return {
    async listVendors(_input, ctx) {
      const vendors = await store.catalogue.listVendors();
      return withFeedAuthor(feedOf(ctx, VENDORS, 'Phone vendors', vendors.map((v) => vendorEntry(ctx, v))));
    },
    async getVendor({ path }, ctx) {
      return vendorEntry(ctx, await vendor(path.vendorUuid));
    },
    async listVendorModels({ path }, ctx) {
      const { uuid, name } = await vendor(path.vendorUuid);
      const models = await store.catalogue.listModels(uuid);
      return withFeedAuthor(feedOf(ctx, `${VENDORS}${uuid}/models/`, `${name} phone models`, models.map((m) => modelEntry(ctx, m))));
    },
    async listModels(_input, ctx) {
      const models = await store.catalogue.listModels();
      return withFeedAuthor(feedOf(ctx, MODELS, 'Phone models', models.map((m) => modelEntry(ctx, m))));
    },
    async getModel({ path }, ctx) {
      const model = isUuid(path.modelUuid) ? await store.catalogue.getModel(path.modelUuid) : undefined;
      if (model === undefined) throw new ServiceError(404, 'not_found', `there is no phone model ${quote(path.modelUuid)}`);
      return modelEntry(ctx, model);
    },
  };
};
