/**
 * IP literal parsing for the privacy rules (privacy.ts). Pure; no project imports.
 *
 * IPv4 follows the WHATWG URL "IPv4 parser" (https://url.spec.whatwg.org/#concept-ipv4-parser):
 * 1 to 4 dot-separated parts, each decimal, `0x` hex or `0`-prefixed octal, the last part filling
 * the remaining bytes (so `127.1`, `2130706433`, `0x7f.0.0.1`, `0177.0.0.1` are all 127.0.0.1).
 * Browsers navigate with exactly this parser, so any spelling it accepts must be classified.
 */

/** A 32-bit IPv4 address as an unsigned number, or null when `s` is not an IPv4 literal. */
export function parseIPv4(s: string): number | null {
  let parts = s.split('.');
  // WHATWG: one trailing empty part (a trailing dot) is allowed.
  if (parts.length > 1 && parts[parts.length - 1] === '') parts = parts.slice(0, -1);
  if (parts.length === 0 || parts.length > 4) return null;
  const nums: number[] = [];
  for (const p of parts) {
    const n = parseIPv4Number(p);
    if (n === null) return null;
    nums.push(n);
  }
  const last = nums.pop() as number;
  for (const n of nums) if (n > 255) return null;
  if (last >= 256 ** (4 - nums.length)) return null;
  let value = last;
  nums.forEach((n, i) => {
    value += n * 256 ** (3 - i);
  });
  return value;
}

function parseIPv4Number(p: string): number | null {
  if (p === '') return null;
  let digits = p;
  let radix = 10;
  if (/^0x/i.test(p)) {
    digits = p.slice(2);
    radix = 16;
  } else if (p.length > 1 && p.startsWith('0')) {
    digits = p.slice(1);
    radix = 8;
  }
  if (digits === '') return 0; // "0x" alone is 0 in the WHATWG parser
  const valid = radix === 16 ? /^[0-9a-f]+$/i : radix === 8 ? /^[0-7]+$/ : /^[0-9]+$/;
  if (!valid.test(digits)) return null;
  const n = parseInt(digits, radix);
  // Anything beyond 2^32 cannot be an address; also guards precision loss on long inputs.
  return Number.isSafeInteger(n) ? n : Number.MAX_SAFE_INTEGER;
}

/** The four bytes of an IPv4 number (most significant first). */
export function ipv4Bytes(v: number): [number, number, number, number] {
  return [Math.floor(v / 2 ** 24) % 256, Math.floor(v / 2 ** 16) % 256, Math.floor(v / 2 ** 8) % 256, v % 256];
}

/**
 * Eight 16-bit groups of an IPv6 literal (no brackets, no zone), or null. Accepts `::`
 * compression, leading zeros, upper case and a dotted IPv4 tail (`::ffff:127.0.0.1`), per
 * RFC 4291 section 2.2 (the WHATWG IPv6 parser accepts the same text forms).
 */
export function parseIPv6(s: string): number[] | null {
  if (s === '' || s.length > 64) return null;
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] === '' ? [] : (halves[0] as string).split(':');
  const tail = halves.length === 2 ? (halves[1] === '' ? [] : (halves[1] as string).split(':')) : [];
  const groupsOf = (parts: string[], isLast: boolean): number[] | null => {
    const out: number[] = [];
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i] as string;
      if (isLast && i === parts.length - 1 && p.includes('.')) {
        const v4 = parseDottedQuad(p);
        if (v4 === null) return null;
        out.push(Math.floor(v4 / 65536), v4 % 65536);
      } else {
        if (!/^[0-9a-f]{1,4}$/i.test(p)) return null;
        out.push(parseInt(p, 16));
      }
    }
    return out;
  };
  const h = groupsOf(head, halves.length === 1);
  const t = groupsOf(tail, true);
  if (h === null || t === null) return null;
  if (halves.length === 1) return h.length === 8 ? h : null;
  const missing = 8 - h.length - t.length;
  if (missing < 1) return null;
  return [...h, ...new Array<number>(missing).fill(0), ...t];
}

/** Strict a.b.c.d decimal (the only IPv4 form allowed inside an IPv6 literal). */
function parseDottedQuad(s: string): number | null {
  const parts = s.split('.');
  if (parts.length !== 4) return null;
  let v = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p)) return null;
    const n = Number(p);
    if (n > 255) return null;
    v = v * 256 + n;
  }
  return v;
}
