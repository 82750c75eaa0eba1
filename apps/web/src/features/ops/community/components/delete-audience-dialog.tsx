import type { SavedAudience } from '@playon/shared/ops-audiences';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from '../../../../components/ui/dialog';
import { showToast } from '../../../../lib/toast';
import { opsKeys } from '../../api/query-keys';
import { DialogFooter } from '../../components/dialog-footer';
import { useDialogAction } from '../../components/use-dialog-action';
import { deleteAudience } from '../api/delete-audience';

/** Deleting a saved audience: broadcasts already sent to it keep its rule and its name. */
export function DeleteAudienceDialog({
  audience,
  onClose,
}: {
  audience: SavedAudience;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const { busy, error, run } = useDialogAction();
  const remove = () =>
    run(async () => {
      const { message } = await deleteAudience(audience.id);
      showToast(message, 'success');
      await queryClient.invalidateQueries({ queryKey: opsKeys.community.audiences() });
      onClose();
    });
  return (
    <Dialog title="Delete the audience" onClose={onClose}>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-muted">
          "{audience.name}" ({audience.description}) leaves the list. Broadcasts already sent to it keep their
          audience.
        </p>
        <DialogFooter
          error={error}
          submitLabel="Delete"
          isBusy={busy}
          onCancel={onClose}
          onSubmit={() => void remove()}
        />
      </div>
    </Dialog>
  );
}
