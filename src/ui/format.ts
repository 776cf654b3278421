/**
 * Display helpers shared by the pages. Pure; every word goes through t(), every date and number
 * through Intl in the browser's UI language (uiLanguage()), so a French UI reads "93 %",
 * "1 234" and "02/01/2025 04:04:05", a Japanese one "93%" and "2025/1/2 4:04:05".
 */
import { t, uiLanguage } from './i18n';
import { BAND_KEYS, CATEGORY_KEYS, REASON_KEYS } from './labels';
import type { Band } from '@/src/shared/verdict';

export function bandLabel(band: Band): string {
  return t(BAND_KEYS[band]);
}

/** Known categories get a translated label; unknown service strings are shown as-is (as text). */
export function categoryLabel(category: string): string {
  const key = (CATEGORY_KEYS as Record<string, string | undefined>)[category];
  return key ? t(key) : category;
}

/** Why a URL was sent (the ledger); an unknown reason from an older or newer version as-is. */
export function reasonLabel(reason: string): string {
  const key = (REASON_KEYS as Record<string, string | undefined>)[reason];
  return key ? t(key) : reason;
}

/** Confidence: the spec says "fractional number" — 0..1 shown as a percentage, >1 taken as already %. */
export function formatConfidence(confidence: number): string {
  if (!Number.isFinite(confidence)) return '—';
  const pct = confidence <= 1 ? confidence * 100 : confidence;
  const whole = Math.round(Math.min(100, Math.max(0, pct)));
  return new Intl.NumberFormat(uiLanguage(), { style: 'percent', maximumFractionDigits: 0 }).format(whole / 100);
}

/** A timestamp (ms epoch or ISO string) in the person's locale; '—' when unknown, the raw value when invalid. */
export function formatTime(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? String(value) : d.toLocaleString(uiLanguage());
}

/** A time of day, hours and minutes (e.g. "paused until 14:05"). */
export function formatClock(ms: number): string {
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? '—' : d.toLocaleTimeString(uiLanguage(), { hour: 'numeric', minute: '2-digit' });
}

export function formatNumber(n: number | null | undefined): string {
  return typeof n === 'number' && Number.isFinite(n) ? n.toLocaleString(uiLanguage()) : '—';
}
