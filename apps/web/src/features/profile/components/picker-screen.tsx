import type { PickerType } from '@playon/shared/reference';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Header } from '../../../components/ui/header';
import { Icon } from '../../../components/ui/icon';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorText } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/translation';
import { useBack } from '../../../lib/use-back';
import { useProfile } from '../../../lib/use-session';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { useCountries } from '../api/get-countries';
import { useCurrencies } from '../api/get-currencies';
import { useUpdateProfile } from '../api/update-profile';
import { type PickerItem, PickerList } from './picker-list';
import { inLanguage } from './place-names';

/** /profile/country and /profile/currency: search, tap to save, then back. */
export function PickerScreen({ type }: { type: PickerType }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'sw' ? 'sw' : 'en';
  const back = useBack('/dashboard');
  const profile = useProfile();
  const [query, setQuery] = useState('');
  const countries = useCountries();
  const currencies = useCurrencies(type === 'currency');
  const list = type === 'country' ? countries : currencies;
  const update = useUpdateProfile();
  const singleFlight = useSingleFlight();
  const selectedId = (type === 'country' ? profile?.countryId : profile?.currencyId) ?? null;
  const countryNames = useMemo(
    () => new Map(inLanguage(countries.data ?? [], language).map((country) => [country.id, country.name])),
    [countries.data, language],
  );
  const items = useMemo(
    () => (list.data ? inLanguage(list.data, language) : undefined),
    [list.data, language],
  );
  const selected = items?.find((item: PickerItem) => item.id === selectedId);

  function select(item: PickerItem) {
    if (!profile) return;
    const change = type === 'country' ? { countryId: item.id } : { currencyId: item.id };
    singleFlight(() =>
      update.mutateAsync({ uid: profile.uid, update: change }).then(
        () => {
          toast.success(t(`picker.updated.${type}`));
          back();
        },
        (error: unknown) => toast.error(errorText(error, t('common.genericError'))),
      ),
    );
  }

  return (
    <>
      <Header
        title={type === 'country' ? t('picker.countryTitle') : t('picker.currencyTitle')}
        subtitle={t('picker.current', { name: selected ? selected.name : t('picker.none') })}
        back={back}
      />
      <main className="mx-auto max-w-md px-5 pt-4 pb-10">
        <label className="relative mb-4 block">
          <span className="sr-only">
            {type === 'country' ? t('picker.searchCountry') : t('picker.searchCurrency')}
          </span>
          <Icon name="search" className="pointer-events-none absolute top-3.5 left-4 size-5 text-muted" />
          <input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={type === 'country' ? t('picker.searchCountry') : t('picker.searchCurrency')}
            className="h-12 w-full rounded-xl border border-line bg-raised pr-4 pl-12 text-base focus:border-brand focus:outline-none"
          />
        </label>
        {list.isPending ? (
          <div className="flex flex-col gap-2" aria-busy="true">
            {[0, 1, 2, 3, 4, 5, 6].map((row) => (
              <Skeleton key={row} className="h-15 w-full" />
            ))}
          </div>
        ) : list.isError ? (
          <div role="alert" className="flex flex-col items-center gap-4 py-10 text-center">
            <p className="text-muted">{t('common.loadFailed')}</p>
            <Button onClick={() => list.refetch()}>{t('common.retry')}</Button>
          </div>
        ) : (
          <PickerList
            type={type}
            items={items ?? []}
            query={query}
            selectedId={selectedId}
            countryNames={countryNames}
            disabled={update.isPending}
            onSelect={select}
          />
        )}
      </main>
    </>
  );
}
