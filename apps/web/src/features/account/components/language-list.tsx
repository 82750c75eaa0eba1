import { Icon } from '../../../components/ui/icon';
import type { Language } from '../../../lib/language';
import { useTranslation } from '../../../lib/translation';

const choices: readonly Language[] = ['en', 'sw'];

/**
 * The two languages in the profile pickers' look, each named in its own language (a player who
 * cannot read the current one still finds theirs) and marked with its `lang` for screen readers.
 */
export function LanguageList({
  current,
  disabled,
  onSelect,
}: {
  current: Language;
  disabled: boolean;
  onSelect: (language: Language) => void;
}) {
  const { t } = useTranslation();
  return (
    <ul className="divide-y divide-line overflow-hidden rounded-2xl bg-surface ring-1 ring-line">
      {choices.map((language) => {
        const isSelected = language === current;
        return (
          <li key={language}>
            <button
              type="button"
              lang={language}
              disabled={disabled}
              aria-current={isSelected ? 'true' : undefined}
              onClick={() => onSelect(language)}
              className="flex min-h-15 w-full items-center gap-3 px-4 py-2 text-left active:bg-raised disabled:opacity-60"
            >
              <span className="min-w-0 flex-1 font-medium">{t(`language.names.${language}`)}</span>
              {isSelected ? <Icon name="check" className="size-5 text-ok" /> : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
