/** See wrangler-dev.mjs. */
export declare const root: string;
/** See wrangler-dev.mjs. */
export declare function freePort(): Promise<number>;
type Wrangler = { child: import('node:child_process').ChildProcess; log: () => string; stop: () => Promise<void> };
/** See wrangler-dev.mjs. */
export declare function wranglerDev(port: number, args: string[]): Promise<Wrangler>;
/** See wrangler-dev.mjs. */
export declare function wranglerWithVars(port: number, vars: Record<string, string>, envFile: string, args: string[]): Promise<Wrangler>;
