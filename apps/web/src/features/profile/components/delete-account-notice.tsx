import { Icon } from '../../../components/ui/icon';
import { useTranslation } from '../../../lib/translation';

/** A notice only: the profile screen has no delete action (docs/product.md, "Profile screen"). */
export function DeleteAccountNotice() {
  const { t } = useTranslation();
  return (
    <section className="mt-8 rounded-2xl border border-danger/40 bg-[#2a1316]/60 p-4">
      <h2 className="flex items-center gap-2 font-bold text-danger">
        <Icon name="alert" className="size-5" />
        {t('profile.deleteTitle')}
      </h2>
      <p className="mt-2 text-sm leading-relaxed text-muted">{t('profile.deleteBody')}</p>
    </section>
  );
}
