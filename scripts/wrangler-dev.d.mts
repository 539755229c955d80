/** See wrangler-dev.mjs. */
export declare const root: string;
/** See wrangler-dev.mjs. */
export declare function freePort(): Promise<number>;
/** See wrangler-dev.mjs. */
export declare function wranglerDev(
  port: number,
  args: string[],
): Promise<{ child: import('node:child_process').ChildProcess; log: () => string; stop: () => Promise<void> }>;
