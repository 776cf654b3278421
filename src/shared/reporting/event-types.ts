/**
 * The names of the event types Linklens reports (events.ts holds their payloads), as a plain list
 * the settings can check `reportingEvents` against without pulling every payload schema into
 * each bundle that reads settings. events.ts fails to compile if the two lists differ.
 */
export const REPORT_TYPE_NAMES = [
  'navigation.blocked',
  'navigation.proceeded',
  'link.openedAnyway',
  'audit.wouldBlock',
  'protection.paused',
  'protection.resumed',
  'settings.changed',
  'policy.rejected',
  'lookalike.seen',
  'service.unreachable',
  'reporting.dropped',
  'heartbeat',
  'site.turnedBad',
] as const;

export type ReportTypeName = (typeof REPORT_TYPE_NAMES)[number];

/**
 * Types sent whatever `reportingEvents` selects: `reporting.dropped` says that events were lost,
 * which a receiver must learn even when it asked for few types.
 */
export const ALWAYS_REPORTED: readonly ReportTypeName[] = ['reporting.dropped'];

/** Does a receiver that selected `selected` (empty: every type) get `type`? */
export const isSelected = (selected: readonly string[], type: ReportTypeName): boolean =>
  selected.length === 0 || selected.includes(type) || ALWAYS_REPORTED.includes(type);
