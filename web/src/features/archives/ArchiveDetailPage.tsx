import { ActionIcon, Badge, Button, Card, Center, FileInput, Group, Loader, Modal, Select, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArchive, IconArrowLeft, IconDownload, IconFileSearch, IconTrash, IconUpload } from '@tabler/icons-react';
import { acceptAttribute, ARCHIVE_FILE_TYPES, ATTACHMENT_KIND_LABELS, ATTACHMENT_KINDS, type AttachmentKind } from '@app/workflow';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { showSuccessToast } from '@/api/feedback';
import { ApiError } from '@/api/http';
import { StatusPage } from '@/ui/StatusPage';
import { pick, useLang } from '@/i18n/use-lang';
import { downloadFile, safeFileName, today } from '@/lib/download';
import { FormErrorAlert, useAppForm } from '@/lib/app-form';
import { formatAmount, formatSize, formatTime } from '@/lib/format';
import type { StoredFile } from '@/features/meetings/meetings-api';
import { Can, useCan } from '@/features/permissions/Can';
import { archivePaths, deleteAttachment, fetchArchive, uploadAttachment, type ArchiveDetail } from './archives-api';
import { asKind, uploadErrors, type UploadValues } from './upload-form';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /meeting/filesDetail/:encryptId: one loan's attachments by kind; upload, one-click archive, delete. */
export default function ArchiveDetailPage() {
  const { t } = useTranslation();
  const { encryptId = '' } = useParams();
  const loanId = encryptId.trim();
  const valid = UUID.test(loanId);
  const archive = useQuery({ queryKey: ['archives', 'detail', loanId], queryFn: () => fetchArchive(loanId), enabled: valid, staleTime: 0 });
  if (!valid || (archive.error instanceof ApiError && archive.error.status === 404)) {
    return (
      <StatusPage
        testId="archive-not-found"
        icon={<IconFileSearch size={36} />}
        title={t('archives.notFound')}
        description={loanId}
        back={t('common.notFound.back')}
      />
    );
  }
  if (!archive.data) {
    return (
      <Center py={80}>
        <Loader />
      </Center>
    );
  }
  return <ArchiveView archive={archive.data} reload={() => void archive.refetch()} />;
}

function ArchiveView({ archive, reload }: { archive: ArchiveDetail; reload: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState<AttachmentKind | 'any' | null>(null);
  const remove = useMutation({ mutationFn: (id: string) => deleteAttachment(id) });
  const { loan } = archive;
  const refresh = () => {
    reload();
    void queryClient.invalidateQueries({ queryKey: ['archives', 'list'] });
  };
  const confirmDelete = (file: StoredFile) =>
    modals.openConfirmModal({
      title: t('archives.delete'),
      centered: true,
      children: <Text size="sm">{t('archives.confirmDelete', { name: file.name })}</Text>,
      labels: { confirm: t('common.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void remove.mutateAsync(file.id).then(
          () => {
            showSuccessToast(t('archives.deleted'));
            refresh();
          },
          () => undefined,
        ),
    });

  return (
    <Stack p="md" gap="md" data-testid="archive-detail">
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Button variant="subtle" size="compact-sm" w="fit-content" leftSection={<IconArrowLeft size={14} />} onClick={() => navigate('/meeting/filesList')}>
              {t('archives.back')}
            </Button>
            <Title order={3}>{loan.companyName}</Title>
            <Group gap="md">
              <Text size="sm" c="dimmed">
                {t('archives.columns.amount')}: {formatAmount(loan.amount)}
              </Text>
              <Text size="sm" c="dimmed">
                {t('archives.columns.term')}: {t('meetings.detail.months', { n: loan.termMonths })}
              </Text>
              <Text size="sm" c="dimmed">
                {t('archives.columns.bank')}: {loan.bank ?? '—'}
              </Text>
              <Badge variant="light">{pick(loan.stage, lang)}</Badge>
            </Group>
          </Stack>
          <Group gap="sm">
            <Can perms={['sys:archive:upload']}>
              <Button leftSection={<IconUpload size={16} />} onClick={() => setUploading('any')} data-testid="archive-upload">
                {t('archives.upload')}
              </Button>
            </Can>
            <Can perms={['sys:archive:archive-all']}>
              <Button
                variant="light"
                leftSection={<IconArchive size={16} />}
                disabled={archive.total === 0}
                onClick={() => void downloadFile(archivePaths.zip(loan.loanId), `${safeFileName(loan.companyName)}-${t('archives.zipSuffix')}-${today()}.zip`)}
                data-testid="archive-zip"
              >
                {t('archives.archiveAll')}
              </Button>
            </Can>
          </Group>
        </Group>
      </Card>
      {archive.groups.map((group) => (
        <Card key={group.kind} withBorder radius="md" padding="md" data-testid="archive-group" data-kind={group.kind}>
          <Group justify="space-between" mb={group.files.length ? 'xs' : 0}>
            <Group gap="xs">
              <Text fw={600}>{pick(group.label, lang)}</Text>
              <Badge variant="light" color={group.files.length ? 'blue' : 'gray'}>
                {group.files.length}
              </Badge>
            </Group>
            <Can perms={['sys:archive:upload']}>
              <Button size="compact-xs" variant="subtle" leftSection={<IconUpload size={12} />} onClick={() => setUploading(group.kind)}>
                {t('archives.upload')}
              </Button>
            </Can>
          </Group>
          {group.files.length > 0 && (
            <Table withTableBorder striped>
              <Table.Tbody>
                {group.files.map((f) => (
                  <Table.Tr key={f.id} data-testid="archive-file">
                    <Table.Td>{f.name}</Table.Td>
                    <Table.Td w={90}>{formatSize(f.size)}</Table.Td>
                    <Table.Td w={120}>{f.uploadedByName}</Table.Td>
                    <Table.Td w={150}>{formatTime(f.uploadedAt)}</Table.Td>
                    <Table.Td w={200}>
                      {f.source === 'meeting' && (
                        <Text size="xs" c="dimmed">
                          {t('archives.fromMeeting', { title: f.meetingTitle ?? '' })}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td w={80}>
                      <Group gap={4} wrap="nowrap">
                        {can(['sys:archive:detail']) && (
                          <ActionIcon variant="subtle" aria-label={t('archives.download')} onClick={() => void downloadFile(archivePaths.file(f.id), f.name)}>
                            <IconDownload size={16} />
                          </ActionIcon>
                        )}
                        {f.source === 'loan' && can(['sys:archive:delete']) && (
                          <ActionIcon variant="subtle" color="red" aria-label={t('archives.delete')} onClick={() => confirmDelete(f)}>
                            <IconTrash size={16} />
                          </ActionIcon>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Card>
      ))}
      <UploadModal loanId={loan.loanId} kind={uploading} onClose={() => setUploading(null)} onDone={refresh} />
    </Stack>
  );
}

function UploadModal({ loanId, kind, onClose, onDone }: { loanId: string; kind: AttachmentKind | 'any' | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={kind !== null} onClose={onClose} title={t('archives.upload')} centered>
      {kind !== null && <UploadForm loanId={loanId} initialKind={kind === 'any' ? null : kind} onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}

function UploadForm({ loanId, initialKind, onClose, onDone }: { loanId: string; initialKind: AttachmentKind | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
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
      await uploadAttachment(loanId, asKind(values.kind), values.file as File);
      showSuccessToast(t('archives.uploaded'));
      onDone();
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
