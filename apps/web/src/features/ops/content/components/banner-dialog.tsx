import { BannerFormSchema, type OpsBanner } from '@playon/shared/ops-content';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { TextArea } from '../../../../components/ui/text-area';
import { TextField } from '../../../../components/ui/text-field';
import { opsKeys } from '../../api/query-keys';
import { FormDialog } from '../../components/form-dialog';
import { asNumber, fromNairobiInput, NAIROBI_TIME, toNairobiInput } from '../../components/form-values';
import { bindTexts, KiswahiliField } from '../../components/text-fields';
import { useConsoleForm } from '../../components/use-console-form';
import { addBanner } from '../api/add-banner';
import { saveBanner } from '../api/save-banner';
import { BannerTournamentField } from './banner-tournament-field';
import { ImageField } from './image-field';

/**
 * An event banner, new or edited: its picture and texts in both languages, its order, its dates and
 * the tournament a tap on it opens.
 */
export function BannerDialog({ banner, onClose }: { banner?: OpsBanner; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState({
    title: banner?.title ?? '',
    description: banner?.description ?? '',
    titleSw: banner?.titleSw ?? '',
    descriptionSw: banner?.descriptionSw ?? '',
    eventBannerUrl: banner?.eventBannerUrl ?? '',
    eventBannerUrlSw: banner?.eventBannerUrlSw ?? '',
    sortOrder: String(banner?.sortOrder ?? 0),
    activeFrom: toNairobiInput(banner?.activeFrom),
    activeTo: toNairobiInput(banner?.activeTo),
    tournamentId: banner?.tournamentId ? String(banner.tournamentId) : '',
  });
  const form = useConsoleForm(BannerFormSchema, async (body) => {
    const { message } = banner ? await saveBanner(banner.id, body) : await addBanner(body);
    await queryClient.invalidateQueries({ queryKey: opsKeys.content.banners() });
    return message;
  });
  const field = bindTexts(value, setValue, form.errors);
  const { errors } = form;
  return (
    <FormDialog
      title={banner ? 'Edit the banner' : 'New banner'}
      onClose={onClose}
      busy={form.busy}
      formError={form.formError}
      onSubmit={() =>
        void form
          .submit({
            ...value,
            sortOrder: asNumber(value.sortOrder),
            activeFrom: fromNairobiInput(value.activeFrom),
            activeTo: fromNairobiInput(value.activeTo),
            tournamentId: value.tournamentId ? Number(value.tournamentId) : null,
          })
          .then((ok) => ok && onClose())
      }
    >
      <ImageField
        label="Image"
        wide
        value={value.eventBannerUrl}
        error={errors.eventBannerUrl}
        // An upload ends after the operator may have typed elsewhere: merged into the form as it is then.
        onChange={(url) => setValue((current) => ({ ...current, eventBannerUrl: url }))}
      />
      <TextField label="Title" {...field('title')} />
      <TextArea label="Description (shown when a player taps the banner)" {...field('description')} />
      <KiswahiliField of="Title" brief {...field('titleSw')} />
      <KiswahiliField of="Description" multiline {...field('descriptionSw')} />
      <ImageField
        label="Picture in Kiswahili (optional; without one, players reading Kiswahili see the English picture)"
        wide
        removable
        value={value.eventBannerUrlSw}
        error={errors.eventBannerUrlSw}
        onChange={(url) => setValue((current) => ({ ...current, eventBannerUrlSw: url }))}
      />
      <TextField label="Order in the slider (lower first)" inputMode="numeric" {...field('sortOrder')} />
      <div className="flex flex-col gap-4">
        <TextField
          label={`Shown from (${NAIROBI_TIME}, optional)`}
          type="datetime-local"
          {...field('activeFrom')}
        />
        <TextField
          label={`Shown until (${NAIROBI_TIME}, optional)`}
          type="datetime-local"
          {...field('activeTo')}
        />
      </div>
      <BannerTournamentField
        value={value.tournamentId}
        error={errors.tournamentId}
        onChange={(id) => setValue((current) => ({ ...current, tournamentId: id }))}
      />
    </FormDialog>
  );
}
