/** See page-types.mjs. */
export declare const PAGE_TYPES: [name: string, path: string][];
/** See page-types.mjs. */
export declare const REPORT: string;
/** See page-types.mjs. */
export declare const FOR_SALE: string;
