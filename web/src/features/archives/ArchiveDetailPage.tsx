import { Center, Loader, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconFileSearch } from '@tabler/icons-react';
import type { AttachmentKind } from '@app/workflow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { showSuccessToast } from '@/api/feedback';
import { ApiError } from '@/api/http';
import { StatusPage } from '@/ui/StatusPage';
import type { ArchiveDetail } from './archives-api';
import { useArchive, useDeleteAttachment } from './archives-queries';
import { ArchiveGroupCard, type ArchiveFile } from './ArchiveGroupCard';
import { ArchiveHeader } from './ArchiveHeader';
import { ArchiveUploadModal } from './ArchiveUploadModal';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /meeting/filesDetail/:encryptId: one loan's attachments by kind; upload, one-click archive, delete. */
export default function ArchiveDetailPage() {
  const { t } = useTranslation();
  const { encryptId = '' } = useParams();
  const loanId = encryptId.trim();
  const valid = UUID.test(loanId);
  const archive = useArchive(loanId, valid);
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
  return <ArchiveView archive={archive.data} />;
}

function ArchiveView({ archive }: { archive: ArchiveDetail }) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState<AttachmentKind | 'any' | null>(null);
  const { loan } = archive;
  const remove = useDeleteAttachment(loan.loanId);
  const confirmDelete = (file: ArchiveFile) =>
    modals.openConfirmModal({
      title: t('archives.delete'),
      centered: true,
      children: <Text size="sm">{t('archives.confirmDelete', { name: file.name })}</Text>,
      labels: { confirm: t('common.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void remove.mutateAsync(file.id).then(
          () => showSuccessToast(t('archives.deleted')),
          () => undefined,
        ),
    });

  return (
    <Stack p="md" gap="md" data-testid="archive-detail">
      <ArchiveHeader archive={archive} onUpload={() => setUploading('any')} />
      {archive.groups.map((group) => (
        <ArchiveGroupCard key={group.kind} group={group} onUpload={() => setUploading(group.kind)} onDelete={confirmDelete} />
      ))}
      <ArchiveUploadModal loanId={loan.loanId} kind={uploading} onClose={() => setUploading(null)} />
    </Stack>
  );
}
