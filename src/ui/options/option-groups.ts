/**
 * The options page shows one group of sections at a time, chosen by the address's fragment so a
 * group or a section can be linked to (the popup opens options.html#credits) and the browser's
 * back and forward buttons move between groups. Which section belongs to which group is the
 * table in sections.tsx; this file only decides what a fragment shows.
 */

export const GROUP_IDS = ['connection', 'protection', 'privacy', 'lists', 'activity', 'account', 'advanced'] as const;
export type GroupId = (typeof GROUP_IDS)[number];

export const GROUP_TITLE_KEYS: Record<GroupId, string> = {
  connection: 'group_connection',
  protection: 'group_protection',
  privacy: 'group_privacy',
  lists: 'group_lists',
  activity: 'group_activity',
  account: 'group_account',
  advanced: 'group_advanced',
};

/** A section as routing sees it: its anchor id and its group. */
export interface SectionPlace {
  id: string;
  group: GroupId;
}

export interface OptionsRoute {
  group: GroupId;
  /** The section the fragment named (to scroll to), or null when it named a group or nothing. */
  section: string | null;
}

/**
 * The groups that have something to show, in the table's order (a group whose sections are all
 * hidden, e.g. Account under the policy hideAccountSections, has no entry in the navigation).
 */
export function visibleGroups(sections: readonly SectionPlace[]): GroupId[] {
  return GROUP_IDS.filter((g) => sections.some((s) => s.group === g));
}

/**
 * What a fragment shows: a group id opens that group; a section id opens its group and names the
 * section; anything else (empty, unknown, a hidden group, malformed) opens the first group.
 * A section whose id is also a group's id opens that group without scrolling (it is its top).
 */
export function routeFor(hash: string, sections: readonly SectionPlace[]): OptionsRoute {
  const groups = visibleGroups(sections);
  const first: OptionsRoute = { group: groups[0] ?? 'connection', section: null };
  let id = hash.startsWith('#') ? hash.slice(1) : hash;
  try {
    id = decodeURIComponent(id);
  } catch {
    return first;
  }
  if ((groups as string[]).includes(id)) return { group: id as GroupId, section: null };
  const place = sections.find((s) => s.id === id);
  return place ? { group: place.group, section: place.id } : first;
}
