/** Types of scripts/precompress.mjs, for the Vite config. */
export declare const PRECOMPRESS_MIN_BYTES: number;
export declare function precompress(dir: string): Promise<{ file: string; raw: number; br: number; gz: number }[]>;
