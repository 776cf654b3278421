/**
 * Browser rules for the block lists' path entries (`example.com/login/*`, list-entry.ts): one
 * dynamic regexFilter rule each, since `requestDomains` only names hosts. Regex rules are few
 * (net-rules.ts: 1,000 in both browsers, shared with exceptions, passes, strict mode's hold and
 * verdicts), so path entries take at most MAX_PATH_RULES of them, the organization's first; an
 * entry past that (or past the browser's limit) gets no rule and is listed as overflow, and the
 * navigation-event path (navigation.ts, knownBad with the path) still blocks it, after the
 * request has started. Pure.
 */
import { pathEntriesOf } from '../url/list-entry';
import { pathEntryRegex } from '../url/request-filter';
import type { Draft, ResourceType } from './net-rule-ids';

/** Regex slots the block lists' path entries may take, so verdicts and exceptions keep theirs. */
export const MAX_PATH_RULES = 300;

export interface PathRuleInput {
  blocklist: readonly string[];
  orgBlocklist: readonly string[];
  priorities: { person: number; org: number };
  resourceTypes: ResourceType[];
  /** Takes a dynamic regex slot, or says there is none left. */
  take: () => boolean;
}

export function pathRuleDrafts(input: PathRuleInput): { drafts: Draft[]; overflow: string[] } {
  const org = pathEntriesOf(input.orgBlocklist);
  const orgTexts = new Set(org.map((e) => e.text));
  const ordered = [...org, ...pathEntriesOf(input.blocklist).filter((e) => !orgTexts.has(e.text))];
  const drafts: Draft[] = [];
  const overflow: string[] = [];
  const seen = new Set<string>();
  for (const { text, entry } of ordered) {
    const regexFilter = pathEntryRegex(entry.host, entry.path!.path, entry.path!.prefix);
    if (seen.has(regexFilter)) continue;
    seen.add(regexFilter);
    if (drafts.length >= MAX_PATH_RULES || !input.take()) {
      overflow.push(text);
      continue;
    }
    const priority = orgTexts.has(text) ? input.priorities.org : input.priorities.person;
    drafts.push({
      store: 'dynamic',
      rule: {
        priority,
        action: { type: 'block' },
        condition: { regexFilter, isUrlFilterCaseSensitive: true, resourceTypes: input.resourceTypes },
      },
    });
  }
  return { drafts, overflow };
}
