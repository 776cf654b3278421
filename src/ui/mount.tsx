/** Start a page: document language and title from the locale, then render. */
import { render, type VNode } from 'preact';
import { browser } from 'wxt/browser';
import { t } from './i18n';

export function mount(app: VNode, titleKey: string): void {
  try {
    document.documentElement.lang = browser.i18n.getUILanguage() || 'en';
  } catch {
    // keep the html lang attribute
  }
  document.title = `${t(titleKey)} – ${t('extName')}`;
  const root = document.getElementById('app');
  if (root) render(app, root);
}
