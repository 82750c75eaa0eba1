import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/translation';
import { Icon } from './icon';

export interface MenuAction {
  label: string;
  onSelect: () => void;
}

/**
 * The header's overflow menu, as the ARIA menu button pattern has it: opening moves focus to the
 * first item, Up and Down move between items (round the ends), Escape or Tab closes it, and focus
 * goes back to the button on Escape or after an item is chosen.
 */
export function ActionsMenu({ actions }: { actions: MenuAction[] }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    if (isOpen) menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [isOpen]);

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      all[(at + step + all.length) % all.length]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') close(false);
  }

  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        aria-label={t('common.moreActions')}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        onClick={() => setOpen(!isOpen)}
        className="tap flex items-center justify-center rounded-lg"
      >
        <Icon name="more" />
      </button>
      {isOpen ? (
        <div
          ref={menu}
          role="menu"
          onKeyDown={onKeyDown}
          className="absolute top-12 right-1 min-w-44 rounded-xl border border-line bg-raised py-1 shadow-xl"
        >
          {actions.map((action) => (
            <button
              key={action.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                close(true);
                action.onSelect();
              }}
              className="tap w-full px-4 text-left text-sm"
            >
              {action.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
