import { useTranslation } from '../../lib/translation';

/** Moves focus to the screen's main, so the main can take it without being a tab stop. */
function focusMain() {
  const main = document.querySelector('main');
  if (!main) return;
  if (!main.hasAttribute('tabindex')) main.tabIndex = -1;
  main.focus();
}

/**
 * "Skip to main content": the first stop for a keyboard on a screen with a header bar, shown only
 * while it has focus. A button rather than a #link: the screens' mains carry no ids to link to.
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={focusMain}
      className="sr-only focus:not-sr-only focus:absolute focus:top-1 focus:left-1 focus:z-50 focus:flex focus:min-h-12 focus:items-center focus:rounded-xl focus:bg-brand focus:px-4 focus:font-semibold focus:text-white"
    >
      {t('a11y.skipToContent')}
    </button>
  );
}
