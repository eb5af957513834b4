/**
 * The check of a registry file's metadata, wherever a file is read (start, reload, follower, CLI,
 * library): the document's RegistryMeta (src/contract/registry-file-meta.ts, ajv's code made at
 * build time). A file's metadata is data from outside, even from our own builder: its version
 * becomes a header of every answer, so nothing reaches the service that the document refuses.
 */
import { checkFileMeta, type MetaError } from '../contract/registry-file-meta.js';

// The member an error is about, as a dotted path ("counts.MA-L"), and what is wrong with it.
function describe(e: MetaError): string {
  const path = e.instancePath.slice(1).split('/').filter((p) => p !== '').map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'));
  const inner = e.params.missingProperty ?? e.params.additionalProperty;
  if (typeof inner === 'string') path.push(inner);
  const what = e.params.additionalProperty !== undefined ? 'is not a member of the document\'s RegistryMeta' : (e.message ?? 'is invalid');
  return `metadata member ${path.length === 0 ? '(the whole)' : JSON.stringify(path.join('.'))} ${what}`;
}

/** What is wrong with `meta` as a registry file's metadata (the first thing found), or null when it is valid. */
export function metaProblem(meta: unknown): string | null {
  if (checkFileMeta(meta)) return null;
  const error = checkFileMeta.errors?.[0];
  return error === undefined ? 'metadata is invalid' : describe(error);
}
