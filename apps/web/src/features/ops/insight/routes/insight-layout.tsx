import { Outlet, useOutletContext } from 'react-router';
import { OpsTabs } from '../../components/ops-tabs';
import { usePeriod } from '../components/period';
import { PeriodPicker } from '../components/period-picker';
import { useInsightTranslation } from '../components/texts';

const reports = ['activity', 'retention', 'funnel', 'money', 'games'] as const;

/** Insight (finance and admins): the period picked once, above every report's tab. */
export function Component() {
  const operator = useOutletContext();
  const { t } = useInsightTranslation();
  const { period, setPeriod, today, search } = usePeriod();
  const tabs = reports.map((report) => ({
    to: `/ops/insight/${report}${search ? `?${search}` : ''}`,
    label: t(`tabs.${report}`),
  }));
  return (
    <section className="flex flex-col gap-5">
      <h1 className="text-xl font-bold">{t('title')}</h1>
      <PeriodPicker t={t} period={period} today={today} onChange={setPeriod} />
      <OpsTabs label={t('tabsLabel')} tabs={tabs} />
      <Outlet context={operator} />
    </section>
  );
}
