// Types for gen-public-suffix.mjs (plain JS so it runs with `node` alone).
export declare const OUT_FILE: string;
/** Every rule of tldts's copy of the list: [rule, 1 = ICANN | 2 = private, exception?]. */
export declare function tldtsRules(): Promise<[string, 1 | 2, boolean][]>;
export declare const CODES: string;
export declare function code(i: number): string;
export declare function serialize(rules: [string, 1 | 2, boolean][]): { tree: string; words: string };
/** The text of src/shared/url/public-suffix-data.ts as the installed tldts would give it. */
/** Without the Unicode spellings of rules that tldts also lists in punycode. */
export declare function shipped(rules: [string, 1 | 2, boolean][]): [string, 1 | 2, boolean][];
export declare function generate(): Promise<string>;
