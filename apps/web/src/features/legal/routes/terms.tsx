import { useTranslation } from '../../../lib/translation';
import { LegalBody } from '../components/legal-body';
import { LegalPage } from '../components/legal-page';
import type { LegalTextLoaders } from '../components/use-legal-text';

const termsTexts: LegalTextLoaders = {
  en: () => import('../content/terms-en').then((module) => module.terms),
  sw: () => import('../content/terms-sw').then((module) => module.terms),
};

export function Component() {
  const { t } = useTranslation();
  return (
    <LegalPage title={t('account.terms')}>
      <LegalBody loaders={termsTexts} />
    </LegalPage>
  );
}
