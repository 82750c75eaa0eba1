import { BannerFormSchema, type OpsBanner } from '@playon/shared/ops-content';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { TextArea } from '../../../../components/ui/text-area';
import { TextField } from '../../../../components/ui/text-field';
import { opsKeys } from '../../api/query-keys';
import { FormDialog } from '../../components/form-dialog';
import { asNumber, fromLocalInput, toLocalInput } from '../../components/form-values';
import { useConsoleForm } from '../../components/use-console-form';
import { addBanner } from '../api/add-banner';
import { saveBanner } from '../api/save-banner';
import { ImageField } from './image-field';

/** An event banner, new or edited: its picture and texts in both languages, its order and dates. */
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
    activeFrom: toLocalInput(banner?.activeFrom),
    activeTo: toLocalInput(banner?.activeTo),
  });
  const form = useConsoleForm(BannerFormSchema, async (body) => {
    const { message } = banner ? await saveBanner(banner.id, body) : await addBanner(body);
    await queryClient.invalidateQueries({ queryKey: opsKeys.content.banners() });
    return message;
  });
  const set = (key: keyof typeof value) => (event: { target: { value: string } }) => {
    const text = event.target.value;
    setValue((current) => ({ ...current, [key]: text }));
  };
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
            activeFrom: fromLocalInput(value.activeFrom),
            activeTo: fromLocalInput(value.activeTo),
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
      <TextField label="Title" value={value.title} error={errors.title} onChange={set('title')} />
      <TextArea
        label="Description (shown when a player taps the banner)"
        value={value.description}
        error={errors.description}
        onChange={set('description')}
      />
      <TextField
        label="Title in Kiswahili (optional)"
        lang="sw"
        value={value.titleSw}
        error={errors.titleSw}
        onChange={set('titleSw')}
      />
      <TextArea
        label="Description in Kiswahili (optional; players reading Kiswahili see the English without it)"
        lang="sw"
        value={value.descriptionSw}
        error={errors.descriptionSw}
        onChange={set('descriptionSw')}
      />
      <ImageField
        label="Picture in Kiswahili (optional; without one, players reading Kiswahili see the English picture)"
        wide
        removable
        value={value.eventBannerUrlSw}
        error={errors.eventBannerUrlSw}
        onChange={(url) => setValue((current) => ({ ...current, eventBannerUrlSw: url }))}
      />
      <TextField
        label="Order in the slider (lower first)"
        inputMode="numeric"
        value={value.sortOrder}
        error={errors.sortOrder}
        onChange={set('sortOrder')}
      />
      <div className="flex flex-col gap-4">
        <TextField
          label="Shown from (optional)"
          type="datetime-local"
          value={value.activeFrom}
          error={errors.activeFrom}
          onChange={set('activeFrom')}
        />
        <TextField
          label="Shown until (optional)"
          type="datetime-local"
          value={value.activeTo}
          error={errors.activeTo}
          onChange={set('activeTo')}
        />
      </div>
    </FormDialog>
  );
}
