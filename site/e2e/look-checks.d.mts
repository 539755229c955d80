/** See look-checks.mjs. */
export declare function coveredByPills(): string[];
/** See look-checks.mjs. */
export declare function widgetShows(): boolean;
/** See look-checks.mjs. */
export declare function cutText(): string[];
/** See look-checks.mjs. */
export declare function settled(): Promise<void>;
/** See look-checks.mjs. */
export declare function sideways(): { scroll: number; out: string[] };
