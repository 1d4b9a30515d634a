/** Types of scripts/dev-proxy.mjs, for the Vite config. */
import type { ProxyOptions } from 'vite';
export declare const API_PREFIXES: string[];
export declare function devProxy(env?: Record<string, string | undefined>): Record<string, ProxyOptions>;
