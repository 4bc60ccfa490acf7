/**
 * Where DevInf travels (SyncML DevInf, "Device Information Exchange"): the LocURI of a Put, Get or
 * Results item naming it, and its media type in the Meta of those commands.
 */
import type { SyncmlEncoding, SyncmlVersion } from '../message.js';
import { DEVINF_WBXML_TYPE, DEVINF_XML_TYPE } from '../tags.js';

/** The DevInf media type for an encoding (the writer spells the wire's form of it either way). */
export const DEVINF_MEDIA_TYPES: Readonly<Record<SyncmlEncoding, string>> = {
  xml: DEVINF_XML_TYPE,
  wbxml: DEVINF_WBXML_TYPE,
};

/** The LocURI of DevInf for a version: `./devinf11` or `./devinf12`. */
export function devinfUri(version: SyncmlVersion): string {
  return version === '1.1' ? './devinf11' : './devinf12';
}

/** Whether a LocURI names DevInf (of either version, in any case). */
export function isDevinfUri(uri: string): boolean {
  return /^\.\/devinf1[12]$/i.test(uri);
}
