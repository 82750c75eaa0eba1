import { type Country, type Currency, matchesPickerSearch, type PickerType } from '@playon/shared/reference';
import { EmptyState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icon';
import translator from '../../../lib/translation';

export type PickerItem = Country | Currency;

interface PickerListProps {
  type: PickerType;
  items: readonly PickerItem[];
  query: string;
  selectedId: number | null;
  /** Country names by id, to tell apart the same currency used in several countries. */
  countryNames?: ReadonlyMap<number, string>;
  disabled: boolean;
  onSelect: (item: PickerItem) => void;
}

function describe(type: PickerType, item: PickerItem, countryNames?: ReadonlyMap<number, string>) {
  if (type === 'country') {
    const country = item as Country;
    return { title: country.name, detail: `${country.alpha2Code} · ${country.region}` };
  }
  const currency = item as Currency;
  const country = countryNames?.get(currency.countryId);
  return { title: `${currency.code} · ${currency.name}`, detail: country ?? '' };
}

/** The picker's searchable list: docs/product.md, "Picker search", and its empty state. */
export function PickerList({
  type,
  items,
  query,
  selectedId,
  countryNames,
  disabled,
  onSelect,
}: PickerListProps) {
  const shown = items.filter((item) => matchesPickerSearch(type, item, query));
  if (shown.length === 0) return <EmptyState text={translator.t('picker.empty')} icon="search" />;
  return (
    <ul className="divide-y divide-line overflow-hidden rounded-2xl bg-surface ring-1 ring-line">
      {shown.map((item) => {
        const { title, detail } = describe(type, item, countryNames);
        const isSelected = item.id === selectedId;
        return (
          <li key={item.id} className="[content-visibility:auto] [contain-intrinsic-size:auto_60px]">
            <button
              type="button"
              disabled={disabled}
              aria-current={isSelected ? 'true' : undefined}
              onClick={() => onSelect(item)}
              className="flex min-h-15 w-full items-center gap-3 px-4 py-2 text-left active:bg-raised disabled:opacity-60"
            >
              <span className="min-w-0 flex-1">
                <span className="block font-medium [overflow-wrap:anywhere]">{title}</span>
                {detail ? (
                  <span className="block text-xs text-muted [overflow-wrap:anywhere]">{detail}</span>
                ) : null}
              </span>
              {isSelected ? <Icon name="check" className="size-5 text-ok" /> : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
