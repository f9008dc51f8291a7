import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArchive, IconArrowLeft, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Can } from '@/features/permissions/Can';
import { pick, useLang } from '@/i18n/use-lang';
import { downloadFile, safeFileName, today } from '@/lib/download';
import { formatAmount } from '@/lib/format';
import { archivePaths, type ArchiveDetail } from './archives-api';

/** The loan of an archive (company, amount, term, bank, stage) with upload and one-click archive. */
export function ArchiveHeader({ archive, onUpload }: { archive: ArchiveDetail; onUpload: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { loan } = archive;
  return (
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
            <Button leftSection={<IconUpload size={16} />} onClick={onUpload} data-testid="archive-upload">
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
  );
}
