import { Alert, Button, Card, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconUpload } from '@tabler/icons-react';
import { acceptAttribute, MINUTES_FILE_TYPES, uploadProblem, type PermissionKey } from '@app/workflow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { Can } from '@/features/permissions/Can';
import type { MinutesOwner, StoredFile } from './meetings-api';
import { useDeleteMinutes, useUploadMinutes } from './meetings-queries';
import { MinutesExportMenu } from './MinutesExportMenu';
import { MinutesTable } from './MinutesTable';

/**
 * A meeting's minutes: the files (download), upload (checked here by name and size, by content on
 * the server), soft delete, and the export of generated minutes as Word or Excel.
 */
export function MinutesPanel({
  owner,
  title,
  files,
  uploadPerm,
  exportPerm,
  onChanged,
}: {
  /** A voting meeting's minutes (by id) or a pre-review session's (by day). */
  owner: MinutesOwner;
  title: string;
  files: StoredFile[];
  uploadPerm: PermissionKey;
  exportPerm: PermissionKey;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadMinutes(owner);
  const remove = useDeleteMinutes(owner);

  const pickFile = async (file: File | null) => {
    setProblem(null);
    if (!file) return;
    const issue = uploadProblem(file, MINUTES_FILE_TYPES);
    if (issue) {
      setProblem(t(`meetings.minutes.errors.${issue}`, { types: MINUTES_FILE_TYPES.join(', ') }));
      return;
    }
    // A refusal is toasted by the HTTP client.
    const done = await upload.mutateAsync(file).then(
      () => true,
      () => false,
    );
    if (!done) return;
    showSuccessToast(t('meetings.minutes.uploaded'));
    onChanged();
  };
  const confirmDelete = (file: StoredFile) =>
    modals.openConfirmModal({
      title: t('meetings.minutes.delete'),
      centered: true,
      children: <Text size="sm">{t('meetings.minutes.confirmDelete', { name: file.name })}</Text>,
      labels: { confirm: t('common.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void remove.mutateAsync(file.id).then(
          () => {
            showSuccessToast(t('meetings.minutes.deleted'));
            onChanged();
          },
          () => undefined,
        ),
    });

  return (
    <Card withBorder radius="md" padding="lg" data-testid="minutes-panel">
      <Group justify="space-between" mb="sm">
        <Title order={5}>{t('meetings.minutes.title')}</Title>
        <Group gap="sm">
          <Can perms={[exportPerm]}>
            <MinutesExportMenu owner={owner} title={title} />
          </Can>
          <Can perms={[uploadPerm]}>
            <FileButton onChange={(file) => void pickFile(file)} accept={acceptAttribute(MINUTES_FILE_TYPES)}>
              {(props) => (
                <Button {...props} size="xs" leftSection={<IconUpload size={14} />} loading={upload.isPending} data-testid="minutes-upload">
                  {t('meetings.minutes.upload')}
                </Button>
              )}
            </FileButton>
          </Can>
        </Group>
      </Group>
      <Stack gap="xs">
        <Text size="xs" c="dimmed">
          {t('meetings.minutes.hint')}
        </Text>
        {problem && (
          <Alert color="red" variant="light" p="xs" data-testid="minutes-problem">
            {problem}
          </Alert>
        )}
        {files.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('meetings.minutes.empty')}
          </Text>
        ) : (
          <MinutesTable owner={owner} files={files} uploadPerm={uploadPerm} onDelete={confirmDelete} />
        )}
      </Stack>
    </Card>
  );
}
