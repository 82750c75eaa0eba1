import { useTranslation } from '../../../lib/translation';
import { LegalBody } from '../components/legal-body';
import { LegalPage } from '../components/legal-page';
import type { LegalTextLoaders } from '../components/use-legal-text';

const privacyTexts: LegalTextLoaders = {
  en: () => import('../content/privacy-en').then((module) => module.privacy),
  sw: () => import('../content/privacy-sw').then((module) => module.privacy),
};

export function Component() {
  const { t } = useTranslation();
  return (
    <LegalPage title={t('account.privacy')}>
      <LegalBody loaders={privacyTexts} />
    </LegalPage>
  );
}
