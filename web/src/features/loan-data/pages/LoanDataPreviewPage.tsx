/**
 * Print-ready preview (viewClient, viewInquiry, viewAgent, viewReport with ?id=, and the B-post's
 * viewReportB/:encryptId): the server's HTML document in a frame, printed by the browser or
 * downloaded as the server's PDF of the very same document.
 */
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconDownload, IconPrinter } from '@tabler/icons-react';
import { DATA_TYPE_SPECS } from '@app/workflow';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ApiError } from '@/api/http';
import { pick, useLang } from '@/i18n/use-lang';
import { fetchPdf } from '../loan-data-api';
import { dataPaths, LOAN_ID } from '../routes';
import { usePreviewHtml } from '../loan-data-queries';
import { isNotFound, LoadFailed, Loading, NotFound, useDataRoute } from './common';

export default function LoanDataPreviewPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const config = useDataRoute();
  const { encryptId } = useParams();
  const [search] = useSearchParams();
  // The spec gives the A-post previews no parameter: the loan comes as ?id= (or ?encryptId=, as other lists link it).
  const loanId = (encryptId ?? search.get('id') ?? search.get('encryptId') ?? '').trim();
  const valid = LOAN_ID.test(loanId);
  const part = config.part ?? 'ALL';
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(900);
  const [downloading, setDownloading] = useState(false);
  const [pdfError, setPdfError] = useState<string | null>(null);
  const html = usePreviewHtml(loanId, config.type, part, lang, valid);
  if (!valid || isNotFound(html.error)) return <NotFound loanId={loanId} />;
  if (html.isError) return <LoadFailed error={html.error} retry={() => void html.refetch()} />;
  if (html.data === undefined) return <Loading />;

  const fit = () => {
    const body = frame.current?.contentDocument?.body;
    if (body) setHeight(Math.max(600, body.scrollHeight + 32));
  };
  const print = () => frame.current?.contentWindow?.print();
  const download = async () => {
    setDownloading(true);
    setPdfError(null);
    try {
      const blob = await fetchPdf(loanId, config.type, part);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `${pick(DATA_TYPE_SPECS[config.type], lang)}-${loanId.slice(0, 8)}.pdf`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      setPdfError(error instanceof ApiError ? error.message : t('loanData.preview.pdfFailed'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="md" p="md" data-testid="loan-data-preview" data-type={config.type}>
      <PreviewToolbar back={dataPaths.detail(config.type, loanId, config.post)} onPrint={print} onDownload={() => void download()} downloading={downloading} />
      {pdfError && (
        <Alert color="red" withCloseButton onClose={() => setPdfError(null)} data-testid="pdf-error">
          {pdfError}
        </Alert>
      )}
      <Paper withBorder radius="md" p={0} style={{ overflow: 'hidden', background: '#fff' }}>
        <iframe
          ref={frame}
          title={t('loanData.preview.frameTitle')}
          srcDoc={html.data}
          sandbox="allow-same-origin allow-modals"
          onLoad={fit}
          style={{ width: '100%', height, border: 0, display: 'block' }}
          data-testid="preview-frame"
        />
      </Paper>
      <Text size="xs" c="dimmed">
        {t('loanData.preview.hint')}
      </Text>
    </Stack>
  );
}

/** Back to the detail, print the frame, download the server's PDF of the same document. */
function PreviewToolbar({ back, onPrint, onDownload, downloading }: { back: string; onPrint: () => void; onDownload: () => void; downloading: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between">
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} component={Link} to={back}>
          {t('loanData.actions.detail')}
        </Button>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={onPrint} data-testid="print">
            {t('loanData.preview.print')}
          </Button>
          <Button leftSection={<IconDownload size={16} />} onClick={onDownload} loading={downloading} data-testid="download-pdf">
            {t('loanData.preview.download')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
