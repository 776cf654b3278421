/**
 * The set of URLs this frame has already looked up, kept as numbers rather than strings: a page's
 * links are looked up once per page life (docs/decisions/013-content-script.md), and remembering 900 URL strings of ~80
 * characters would cost the page more heap than all the rest of the content script (docs/decisions/013-content-script.md).
 *
 * Each URL is hashed to 52 bits (two 32-bit FNV-1a lanes with different offsets, combined into a
 * double). Two different URLs sharing a hash would make the second one skip its lookup (its
 * marker would then come from a hover instead); among 50,000 URLs (MAX_TRACKED) the chance that
 * any two collide is about 50,000² / 2⁵³ ≈ 3 × 10⁻⁷.
 */

/** Bound on remembered URLs per frame (infinite scroll): beyond it, new URLs are not looked up. */
export const MAX_TRACKED = 50_000;

export function urlHash(url: string): number {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < url.length; i++) {
    const c = url.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (b >>> 15);
  }
  // 32 bits of one lane, 20 of the other: exact in a double (< 2^53).
  return (a >>> 0) * 0x100000 + ((b >>> 0) & 0xfffff);
}

export class UrlSet {
  readonly #hashes = new Set<number>();

  readonly #max: number;

  constructor(max = MAX_TRACKED) {
    this.#max = max;
  }

  get size(): number {
    return this.#hashes.size;
  }

  /** Adds `url`; false when it was there already or the set is full. */
  add(url: string): boolean {
    const h = urlHash(url);
    if (this.#hashes.has(h) || this.#hashes.size >= this.#max) return false;
    this.#hashes.add(h);
    return true;
  }

  delete(url: string): void {
    this.#hashes.delete(urlHash(url));
  }

  clear(): void {
    this.#hashes.clear();
  }
}
