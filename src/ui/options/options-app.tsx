/**
 * The options page: a side navigation of groups (Connection, Protection, …) and the sections of one
 * group at a time. The fragment chooses the group (option-groups.ts), so options.html#credits opens
 * Account at Credits and back/forward move between groups. Every group stays rendered, the others
 * hidden: a section keeps its state while the person looks elsewhere, and its anchor id exists.
 * Settings load once; each section saves its own changes.
 */
import { useEffect, useRef } from 'preact/hooks';
import { ErrorText } from '../components/error-text';
import { LockedNote } from '../components/locked-note';
import { t } from '../i18n';
import { useSettings } from './use-settings';
import { BrandHeader } from '../components/brand';
import { routeFor, visibleGroups, type GroupId } from './option-groups';
import {
  connectionIdentity,
  OPTION_SECTIONS,
  shownSections,
  type OptionSection,
  type SectionContext,
} from './sections';
import { SideNav } from './side-nav';
import { useHash } from './use-route';

/** Every section title key (for the locale convention test). */
export const SECTION_TITLE_KEYS: Record<string, string> = Object.fromEntries(
  OPTION_SECTIONS.map((s) => [s.id, s.titleKey]),
);

function Section({ section, ctx }: { section: OptionSection; ctx: SectionContext }) {
  return (
    <section id={section.id} class="card" aria-labelledby={`${section.id}-title`}>
      <h2 id={`${section.id}-title`}>{t(section.titleKey)}</h2>
      {section.render(ctx)}
    </section>
  );
}

function Group({
  id,
  shown,
  sections,
  ctx,
}: {
  id: GroupId;
  shown: boolean;
  sections: readonly OptionSection[];
  ctx: SectionContext;
}) {
  return (
    <div class="options-group" data-group={id} hidden={!shown}>
      {sections
        .filter((s) => s.group === id)
        .map((s) => (
          <Section key={s.id} section={s} ctx={ctx} />
        ))}
    </div>
  );
}

export function OptionsApp() {
  const { model, error } = useSettings();
  const conn = model ? connectionIdentity(model.data) : null;
  const sections = shownSections(model?.settings.hideAccountSections === true);
  const groups = visibleGroups(sections);
  const { hash, moved } = useHash();
  const route = routeFor(hash, sections);
  const mainRef = useRef<HTMLElement>(null);

  // After the person moved (a link, back/forward), focus goes to the heading of what the link
  // named, as a fragment link into the page would: the section, else the group's first one. The
  // next Tab then reaches that section's first control, not the top of the page.
  const loaded = model !== null;
  useEffect(() => {
    const root = mainRef.current;
    if (!root || !loaded) return;
    const named =
      route.section && route.section !== route.group
        ? root.querySelector<HTMLElement>(`section#${route.section}`)
        : null;
    if (named) named.scrollIntoView({ block: 'start' });
    else if (moved) scrollTo({ top: 0 });
    if (!moved) return;
    const heading = (named ?? root.querySelector(`[data-group="${route.group}"] section`))?.querySelector<HTMLElement>(
      'h2',
    );
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }, [route.group, route.section, moved, loaded]);

  return (
    <div class="options">
      <header class="bar">
        <h1>{t('optionsTitle')}</h1>
      </header>
      <div class="options-layout">
        <SideNav groups={groups} current={route.group} />
        <main ref={mainRef}>
          {error ? <ErrorText error={error} /> : null}
          {!model && !error ? <p role="status">{t('loading')}</p> : null}
          <BrandHeader />
          {model?.data.lockAll ? (
            <p class="org-managed">
              <LockedNote />
            </p>
          ) : null}
          {model
            ? groups.map((g) => (
                <Group key={g} id={g} shown={g === route.group} sections={sections} ctx={{ model, conn }} />
              ))
            : null}
        </main>
      </div>
    </div>
  );
}
