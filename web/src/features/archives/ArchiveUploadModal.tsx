import { Button, FileInput, Group, Modal, Select, Stack } from '@mantine/core';
import { acceptAttribute, ARCHIVE_FILE_TYPES, ATTACHMENT_KIND_LABELS, ATTACHMENT_KINDS, type AttachmentKind } from '@app/workflow';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { pick, useLang } from '@/i18n/use-lang';
import { FormErrorAlert, useAppForm } from '@/lib/app-form';
import { useUploadAttachment } from './archives-queries';
import { asKind, uploadErrors, type UploadValues } from './upload-form';

/** Uploads one attachment to the loan: of the kind given (`any`: chosen in the form). */
export function ArchiveUploadModal({ loanId, kind, onClose }: { loanId: string; kind: AttachmentKind | 'any' | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={kind !== null} onClose={onClose} title={t('archives.upload')} centered>
      {kind !== null && <UploadForm loanId={loanId} initialKind={kind === 'any' ? null : kind} onClose={onClose} />}
    </Modal>
  );
}

function UploadForm({ loanId, initialKind, onClose }: { loanId: string; initialKind: AttachmentKind | null; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const upload = useUploadAttachment(loanId);
  const { form, formError, submitting, onSubmit } = useAppForm<UploadValues>({
    initialValues: { kind: initialKind, file: null },
    validate: (values) => {
      const errors = uploadErrors(values);
      return {
        kind: errors.kind ? t('archives.errors.kind') : undefined,
        file: errors.file ? t(`archives.errors.${errors.file}`, { types: ARCHIVE_FILE_TYPES.join(', ') }) : undefined,
      };
    },
    submit: async (values) => {
      await upload.mutateAsync({ kind: asKind(values.kind), file: values.file as File });
      showSuccessToast(t('archives.uploaded'));
      onClose();
    },
  });
  return (
    <form noValidate data-testid="archive-upload-form" onSubmit={onSubmit}>
      <Stack gap="sm">
        <FormErrorAlert message={formError} />
        <Select
          label={t('archives.kind')}
          withAsterisk
          data={ATTACHMENT_KINDS.map((k) => ({ value: k, label: pick(ATTACHMENT_KIND_LABELS[k], lang) }))}
          {...form.getInputProps('kind')}
          comboboxProps={{ withinPortal: false }}
        />
        <FileInput
          label={t('archives.file')}
          withAsterisk
          description={t('archives.fileHint')}
          accept={acceptAttribute(ARCHIVE_FILE_TYPES)}
          {...form.getInputProps('file')}
          clearable
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={submitting}>
            {t('archives.upload')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
