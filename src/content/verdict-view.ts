/**
 * Pure wording and decisions for one link's verdict: which marker (if any), and the texts of the
 * marker, tooltip and announcement. Service text (categories, reasoning, indicators) is passed
 * through as plain strings, trimmed to bounded lengths; the DOM layer sets it with textContent.
 *
 * markerKind (status × action):
 * | status              | action           | marker  |
 * |---------------------|------------------|---------|
 * | verdict / skipped   | block            | 'block' |
 * | verdict / skipped   | warn             | 'warn'  |
 * | verdict / skipped   | allow / annotate | null    |
 * | pending / unknown / error | any        | null    |  (no verdict yet: nothing to show)
 */
import type { LinkInfo } from '@/src/shared/messaging/protocol';
import { indicatorWords } from '@/src/shared/indicators';
import { t, type StringKey } from './strings';

export type MarkerKind = 'warn' | 'block';

export function markerKind(info: LinkInfo | undefined): MarkerKind | null {
  if (!info || (info.status !== 'verdict' && info.status !== 'skipped')) return null;
  if (info.action === 'block') return 'block';
  if (info.action === 'warn') return 'warn';
  return null;
}

/** Whether a click on the link must be confirmed first. */
export const needsConfirmation = (info: LinkInfo | undefined): boolean => markerKind(info) === 'block';

const MAX_REASONING = 600;
const MAX_INDICATOR = 200;
const MAX_INDICATORS = 6;
const MAX_CATEGORIES = 8;
const MAX_CATEGORY = 60;

/** Cuts long service text at a character budget; the ellipsis shows it was cut. */
export function clip(text: string, max: number): string {
  const s = text.trim();
  return s.length <= max ? s : `${s.slice(0, max - 1).trimEnd()}…`;
}

export function bandLabel(info: LinkInfo): string {
  return t(info.band ? (`band_${info.band}` as StringKey) : 'band_unknown');
}

/** The categories with a `cat_*` string (strings.ts); a test keeps the two lists one. */
export const KNOWN_CATEGORIES: readonly string[] = [
  'safe',
  'phishing',
  'malware',
  'scam',
  'suspicious',
  'adult_content',
];

/** Known categories get a label; unknown ones are shown as the service wrote them (spec: open set). */
export function categoryLabels(categories: readonly string[] | undefined): string[] {
  return (categories ?? [])
    .slice(0, MAX_CATEGORIES)
    .map((c) => (KNOWN_CATEGORIES.includes(c) ? t(`cat_${c}` as StringKey) : clip(c, MAX_CATEGORY)))
    .filter((c) => c.length > 0);
}

export function scoreText(info: LinkInfo): string | null {
  if (typeof info.riskScore !== 'number' || !Number.isFinite(info.riskScore)) return null;
  return String(Math.round(Math.min(100, Math.max(0, info.riskScore))));
}

/**
 * Where the link really goes (docs/decisions/003-every-hop.md), when the background said: the text that claims another
 * site, else "leads to <host>" naming which hop is flagged. Hosts are shown as given (text).
 */
export function leadsText(info: LinkInfo): string | null {
  const to = info.leadsTo;
  if (!to) return null;
  return info.textShows ? t('text_lies', info.textShows, to) : t(`leads_${info.badHop ?? 'link'}`, to);
}

/**
 * "Why this decision: …" (docs/decisions/017-surfaces.md): the rule the background names (`why`: its key and numbers,
 * nothing else; link-info.ts `contentWhy`), in the page's language. null without one.
 */
export function whyText(info: LinkInfo): string | null {
  const w = info.why;
  return w ? t('why', t(`why_${w.key}`, ...w.nums)) : null;
}

/** "Report a mistake" is offered for the service's or the lists' verdicts, not for lying link text (a local rule). */
export const canReport = (info: LinkInfo): boolean => !info.textShows;

/** The host a link's URL names, or null for a URL that does not parse. */
function hostOf(href: string | undefined): string | null {
  if (!href) return null;
  try {
    return new URL(href).hostname || null;
  } catch {
    return null;
  }
}

const MAX_GIST = 140;

/** Everything the tooltip shows, as plain strings. */
export interface TooltipText {
  kind: MarkerKind;
  title: string;
  /** The one line of why on the compact card: the rule, else the reasoning's start, else the categories. */
  gist: string;
  score: string | null;
  categories: string | null;
  reasoning: string | null;
  /** The indicators in words (indicators.ts); unknown kinds as the service wrote them. */
  indicators: string[];
  moreIndicators: string | null;
  /** The records behind the ones put in words, as kept, for "Technical details". */
  technical: string[];
  action: string;
  leads: string | null;
  why: string | null;
}

/** `href`: the link's URL, named on the card ("Leads to <host>") when the background gave no hop. */
export function tooltipText(info: LinkInfo, kind: MarkerKind, href?: string): TooltipText {
  const score = scoreText(info);
  const cats = categoryLabels(info.categories);
  const lines = (info.indicators ?? []).filter((i) => i.trim().length > 0);
  const worded = lines.map((i) => indicatorWords(i, (key, subs) => t(key, ...subs)));
  const indicators = worded.map((w) => clip(w.text, MAX_INDICATOR));
  const extra = indicators.length - MAX_INDICATORS;
  const reasoning = info.reasoning ? clip(info.reasoning, MAX_REASONING) : '';
  const why = whyText(info);
  const categories = cats.length ? t('categories', cats.join(', ')) : null;
  const firstLine = reasoning.split('\n')[0] ?? '';
  const host = hostOf(href);
  const action = t(kind === 'block' ? 'action_block' : 'action_warn');
  return {
    kind,
    title: bandLabel(info),
    gist: why ?? (firstLine ? clip(firstLine, MAX_GIST) : (categories ?? action)),
    score: score === null ? null : t('score', score),
    categories,
    reasoning: reasoning || null,
    indicators: indicators.slice(0, MAX_INDICATORS),
    moreIndicators: extra > 0 ? t('indicators_more', extra) : null,
    // Only records put in other words: a plain line would be shown twice.
    technical: worded
      .slice(0, MAX_INDICATORS)
      .filter((w) => w.text !== w.raw)
      .map((w) => clip(w.raw, MAX_INDICATOR)),
    action,
    leads: leadsText(info) ?? (host ? t('leads_link', host) : null),
    why,
  };
}

/** "High-risk link, risk score 70 of 100" (shared by the marker name and the announcement). */
function summary(info: LinkInfo): string {
  const score = scoreText(info);
  return `${bandLabel(info)}, ${score === null ? t('marker_no_score') : t('marker_score', score)}`;
}

/** The marker's accessible name: never colour alone (docs/decisions/013-content-script.md). */
export function markerLabel(info: LinkInfo): string {
  return t('marker_label', summary(info));
}

/** What the live region says when a flagged link gets keyboard focus. */
export function announcement(info: LinkInfo, kind: MarkerKind): string {
  const cats = categoryLabels(info.categories).join(', ');
  // Keyboard focus is what announces. The tooltip's "Report a mistake" is for the pointer, and the
  // in-page confirmation (which has it) opens for block-level links only: a warn-level link's
  // announcement says where a keyboard user finds why and the report (the context menu's check
  // opens the report page of the link's verdict).
  const next = kind === 'block' ? 'action_block' : canReport(info) ? 'action_warn_keys' : 'action_warn';
  return t('announce', cats ? `${summary(info)}, ${cats}` : summary(info), t(next));
}
