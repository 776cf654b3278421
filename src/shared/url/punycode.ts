/**
 * Punycode (RFC 3492) decoding for IDN hosts. Pure. Used for display (the blocked page shows
 * both forms) and by the look-alike rules (lookalike.ts), which judge what a person reads.
 */

/** Unicode form of an IDN host; a label that fails to decode stays in its xn-- form. */
export function unicodeOf(host: string): string {
  return host
    .split('.')
    .map((label) => (label.startsWith('xn--') ? (decodePunycodeLabel(label.slice(4)) ?? label) : label))
    .join('.');
}

/** RFC 3492 decoder (display only; a failure just shows the punycode). */
function decodePunycodeLabel(input: string): string | null {
  const base = 36,
    tMin = 1,
    tMax = 26,
    skew = 38,
    damp = 700;
  const out: number[] = [];
  let i = 0,
    n = 128,
    bias = 72;
  const basic = input.lastIndexOf('-');
  for (let j = 0; j < Math.max(0, basic); j++) out.push(input.charCodeAt(j));
  for (let idx = basic > 0 ? basic + 1 : 0; idx < input.length;) {
    const oldi = i;
    for (let w = 1, k = base; ; k += base) {
      if (idx >= input.length) return null;
      const c = input.charCodeAt(idx++);
      const digit = c >= 48 && c <= 57 ? c - 22 : c >= 65 && c <= 90 ? c - 65 : c >= 97 && c <= 122 ? c - 97 : base;
      if (digit >= base) return null;
      i += digit * w;
      const t = k <= bias ? tMin : k >= bias + tMax ? tMax : k - bias;
      if (digit < t) break;
      w *= base - t;
    }
    const len = out.length + 1;
    let delta = oldi === 0 ? Math.floor((i - oldi) / damp) : (i - oldi) >> 1;
    delta += Math.floor(delta / len);
    let k = 0;
    for (; delta > ((base - tMin) * tMax) >> 1; k += base) delta = Math.floor(delta / (base - tMin));
    bias = Math.floor(k + ((base - tMin + 1) * delta) / (delta + skew));
    n += Math.floor(i / len);
    i %= len;
    out.splice(i++, 0, n);
  }
  try {
    return String.fromCodePoint(...out);
  } catch {
    return null;
  }
}
