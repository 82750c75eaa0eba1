import { useTranslation } from '../../lib/translation';
import { Icon } from './icon';

interface KeypadProps {
  onDigit: (digit: string) => void;
  onBackspace: () => void;
  backspaceLabel: string;
}

const digits = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

/**
 * An on-screen number pad: 0-9 and backspace, big enough for a thumb; no decimal key. A named group
 * of buttons named by their digit, so a screen reader says "Keypad, 5, button"; the amount they
 * build is the screen's live region, which says the new amount after each key.
 */
export function Keypad({ onDigit, onBackspace, backspaceLabel }: KeypadProps) {
  const { t } = useTranslation();
  const key = 'tap flex h-14 items-center justify-center rounded-2xl text-2xl font-semibold active:bg-raised';
  return (
    <fieldset className="grid grid-cols-3 gap-2">
      <legend className="sr-only">{t('a11y.keypad')}</legend>
      {digits.map((digit) => (
        <button key={digit} type="button" onClick={() => onDigit(digit)} className={key}>
          {digit}
        </button>
      ))}
      <span aria-hidden="true" />
      <button type="button" onClick={() => onDigit('0')} className={key}>
        0
      </button>
      <button type="button" aria-label={backspaceLabel} onClick={onBackspace} className={`${key} text-muted`}>
        <Icon name="backspace" className="size-7" />
      </button>
    </fieldset>
  );
}
