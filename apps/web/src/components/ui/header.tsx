import { useTranslation } from '../../lib/translation';
import { useBack } from '../../lib/use-back';
import { ActionsMenu, type MenuAction } from './actions-menu';
import { Icon } from './icon';
import { SkipLink } from './skip-link';

export type HeaderAction = MenuAction;

interface HeaderProps {
  title: string;
  subtitle?: string;
  /** false: no back button; true: one page back (home without history); a function: custom back. */
  back?: boolean | (() => void);
  actions?: HeaderAction[];
}

/** The shared header: optional back button (default one page back), title, subtitle, overflow menu. */
export function Header({ title, subtitle, back = true, actions = [] }: HeaderProps) {
  const { t } = useTranslation();
  const backOnePage = useBack();
  const goBack = typeof back === 'function' ? back : backOnePage;

  // The skip link sits before the bar, not in it: hidden until focused, it is no part of the bar.
  return (
    <>
      <SkipLink />
      <header className="sticky top-0 z-30 flex min-h-14 items-center gap-1 border-b border-line/60 bg-ink/95 px-1 backdrop-blur">
        {back ? (
          <button
            type="button"
            aria-label={t('common.back')}
            onClick={goBack}
            className="tap flex items-center justify-center rounded-lg"
          >
            <Icon name="back" />
          </button>
        ) : (
          <span className="w-3" />
        )}
        <div className="min-w-0 flex-1">
          <h1 className="text-lg leading-tight font-bold [overflow-wrap:anywhere]">{title}</h1>
          {subtitle ? <p className="text-xs text-muted [overflow-wrap:anywhere]">{subtitle}</p> : null}
        </div>
        {actions.length > 0 ? <ActionsMenu actions={actions} /> : null}
      </header>
    </>
  );
}
