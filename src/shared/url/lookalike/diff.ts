/**
 * Which letters of a look-alike's host differ from the real one, for the warning to highlight
 * (ł against l, rn against m, the extra word): the page's host as a person reads it (Unicode),
 * cut into runs that the real host shares, in order, and runs it does not. The alignment is a
 * longest common subsequence of the two hosts, so a letter counts as shared only where both
 * read it at the same place in the name. Examples: diff.examples.ts.
 */
import { unicodeOf } from '../punycode';

export interface HostRun {
  text: string;
  /** Not in the real host here: highlighted. */
  differs: boolean;
}

/** Hosts longer than this are not aligned (253 is DNS's limit): the whole host is marked. */
const MAX = 253;

export function differingRuns(host: string, realHost: string): HostRun[] {
  const a = [...unicodeOf(host.toLowerCase())];
  const b = [...unicodeOf(realHost.toLowerCase())];
  if (a.length === 0) return [];
  if (a.length > MAX || b.length > MAX) return [{ text: a.join(''), differs: true }];
  // lcs[i][j]: length of the longest common subsequence of a[i..] and b[j..].
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint16Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  }
  const runs: HostRun[] = [];
  const push = (ch: string, differs: boolean) => {
    const last = runs[runs.length - 1];
    if (last && last.differs === differs) last.text += ch;
    else runs.push({ text: ch, differs });
  };
  let i = 0;
  let j = 0;
  while (i < a.length) {
    if (j < b.length && a[i] === b[j]) {
      push(a[i]!, false);
      i++;
      j++;
    } else if (j < b.length && lcs[i]![j + 1]! >= lcs[i + 1]![j]!) {
      j++; // a letter only the real host has: nothing to show on this side
    } else {
      push(a[i]!, true);
      i++;
    }
  }
  return runs;
}
