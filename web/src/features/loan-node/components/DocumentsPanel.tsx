import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '@/features/meetings/download';
import { ApiError } from '@/api/http';
import { pick, useLang } from '@/i18n/use-lang';
import { formatSize, formatTime } from '@/lib/format';
import { CONTRACT_TYPE_LABELS } from '@app/workflow';
import { documentFilePath } from '../loan-node-api';
import { useDocuments } from '../loan-node-queries';

/** The loan's documents (generated contracts, signed copies), each downloadable; hidden from those who may not see the loan. */
export function DocumentsPanel({ loanId, version }: { loanId: string; version: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  const documents = useDocuments(loanId, version);
  if (documents.error instanceof ApiError && documents.error.status === 403) return null;
  const list = documents.data ?? [];
  return (
    <Card withBorder radius="md" padding="lg" data-testid="documents-panel">
      <Title order={5} mb="sm">
        {t('loanNode.documents.title')}
      </Title>
      {list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('loanNode.documents.empty')}
        </Text>
      ) : (
        <Stack gap="xs">
          {list.map((doc) => (
            <Group key={doc.id} gap="xs" wrap="nowrap" data-testid="document-row">
              <IconFileText size={16} />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Anchor component="button" size="sm" ta="left" onClick={() => void downloadFile(documentFilePath(doc.id), doc.name)}>
                  {doc.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {[
                    doc.contractType ? pick(CONTRACT_TYPE_LABELS[doc.contractType], lang) : t(`loanNode.documents.kinds.${doc.kind}`),
                    doc.templateVersion ? t('loanNode.documents.version', { version: doc.templateVersion }) : null,
                    formatSize(doc.size),
                    formatTime(doc.createdAt),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
