/**
 * The analysis of one address and the bulk answers, exactly as the OpenAPI document defines them:
 * their types are generated from it at build time (openapi-types.ts, scripts/openapi-types.mjs),
 * so the document clients read is their one source. Types only: the web page compiles against
 * it (src/web/client/api.ts), and so does the package's library (src/library).
 */
export type { AddressFormats, Analysis, BatchItem, DerivedFrom, ExtractResult, Problem, ProjectedAnalysis } from '../contract/openapi-types.js';
export type { Bits as BitsInfo, Hint as HintInfo, Special as SpecialInfo, Vendor as VendorInfo } from '../contract/openapi-types.js';
