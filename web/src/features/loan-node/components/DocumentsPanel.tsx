import { Anchor, Button, Card, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '@/features/meetings/download';
import { ApiError } from '@/api/http';
import { pick, useLang } from '@/i18n/use-lang';
import { formatSize, formatTime } from '@/lib/format';
import { CONTRACT_TYPE_LABELS, windowOpen } from '@app/workflow';
import { showSuccessToast } from '@/api/feedback';
import { useHolds } from '@/features/premium-collateral/use-holds';
import { DOCUMENT_UPLOADS, documentFilePath, uploadLoanDocument } from '../loan-node-api';
import { useDocuments } from '../loan-node-queries';

type UploadKind = keyof typeof DOCUMENT_UPLOADS;
const UPLOAD_KINDS = Object.keys(DOCUMENT_UPLOADS) as UploadKind[];

/** The loan's documents (generated contracts, signed copies), each downloadable; hidden from those who may not see the loan. */
export function DocumentsPanel({ loanId, version, state }: { loanId: string; version: number; state?: unknown }) {
  const { t } = useTranslation();
  const lang = useLang();
  const documents = useDocuments(loanId, version);
  // the same state windows the server checks (workflow STATE_WINDOWS)
  const mayUploadSigned = useHolds('sys:contract:upload') && windowOpen('SIGNED_CONTRACT_UPLOAD', { value: state });
  const mayUploadSealed = useHolds('sys:letter:upload-sealed') && windowOpen('SEALED_LETTER_UPLOAD', { value: state });
  const mayUploadVoucher = useHolds('sys:voucher:upload') && windowOpen('DISBURSEMENT_VOUCHER_UPLOAD', { value: state });
  const upload = async (kind: UploadKind, file: File | null) => {
    if (!file) return;
    await uploadLoanDocument(loanId, kind, file);
    showSuccessToast(t('loanNode.documents.uploaded'));
    await documents.refetch();
  };
  const may: Record<UploadKind, boolean> = { SIGNED_CONTRACT: mayUploadSigned, SEALED_LETTER: mayUploadSealed, DISBURSEMENT_VOUCHER: mayUploadVoucher };
  const uploads = UPLOAD_KINDS.filter((kind) => may[kind]);
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
      {uploads.length > 0 && (
        <Group mt="sm">
          {uploads.map((kind) => (
            <FileButton key={kind} onChange={(file) => void upload(kind, file)} accept="application/pdf,.docx">
              {(props) => (
                <Button {...props} variant="light" size="xs" data-testid={`upload-${kind}`}>
                  {t('loanNode.documents.upload', { kind: t(`loanNode.documents.kinds.${kind}`) })}
                </Button>
              )}
            </FileButton>
          ))}
        </Group>
      )}
    </Card>
  );
}
