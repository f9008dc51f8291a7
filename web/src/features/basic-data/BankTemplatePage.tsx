import { Accordion, Alert, Anchor, Button, Card, Code, FileInput, Group, List, Select, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowLeft, IconDownload, IconUpload } from '@tabler/icons-react';
import { COLLATERAL_LOOP, COLLATERAL_PLACEHOLDERS, CONTRACT_TYPE_LABELS, CONTRACT_TYPES, PLACEHOLDERS, type ContractType } from '@app/workflow';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { showSuccessToast } from '@/api/feedback';
import { ApiError } from '@/api/http';
import { downloadFile } from '@/lib/download';
import { Can, useCan } from '@/features/permissions/Can';
import { pick, useLang } from '@/i18n/use-lang';
import { formatSize, formatTime } from '@/lib/format';
import { deleteTemplate, fetchBank, fetchTemplates, setTemplateEnabled, uploadTemplate, type TemplateRow } from './basic-data-api';

/** What an upload refused: the message, and the unknown placeholders when that was why. */
interface UploadProblem {
  message: string;
  unknown: string[];
}

function problemOf(error: unknown, fallback: string): UploadProblem {
  if (!(error instanceof ApiError)) return { message: fallback, unknown: [] };
  const data = error.body?.data as { unknown?: unknown } | null | undefined;
  const unknown = Array.isArray(data?.unknown) ? data.unknown.filter((u): u is string => typeof u === 'string') : [];
  return { message: error.message, unknown };
}

/** /basicData/bankContractList?bankId=…: one bank's Word contract templates, every version. */
export default function BankTemplatePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const bankId = params.get('bankId') ?? '';
  const bank = useQuery({ queryKey: ['banks', 'one', bankId], queryFn: () => fetchBank(bankId), enabled: bankId !== '' });

  if (!bankId) {
    return (
      <Stack p="md">
        <Alert color="yellow" variant="light">
          {t('basicData.templates.noBank')}{' '}
          <Anchor component={Link} to="/basicData/bankList">
            {t('basicData.templates.back')}
          </Anchor>
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack p="md" data-testid="bank-templates-page">
      <Group justify="space-between">
        <Title order={4}>{t('basicData.templates.title', { bank: bank.data?.name ?? '' })}</Title>
        <Button component={Link} to="/basicData/bankList" variant="subtle" leftSection={<IconArrowLeft size={16} />}>
          {t('basicData.templates.back')}
        </Button>
      </Group>
      <Can perms={['sys:template:add']}>
        <UploadCard bankId={bankId} />
      </Can>
      <TemplateTable bankId={bankId} />
      <VocabularyCard />
    </Stack>
  );
}

function UploadCard({ bankId }: { bankId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const queryClient = useQueryClient();
  const [contractType, setContractType] = useState<ContractType | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<UploadProblem | null>(null);
  const [missing, setMissing] = useState(false);
  const upload = useMutation({ mutationFn: () => uploadTemplate(bankId, contractType as ContractType, file as File) });
  const submit = async () => {
    setProblem(null);
    setMissing(!contractType || !file);
    if (!contractType || !file) return;
    try {
      const saved = await upload.mutateAsync();
      showSuccessToast(t('basicData.templates.uploaded', { version: saved.version, count: saved.placeholders.length }));
      setFile(null);
      void queryClient.invalidateQueries({ queryKey: ['banks'] });
    } catch (e) {
      setProblem(problemOf(e, t('http.systemError')));
    }
  };
  return (
    <Card withBorder radius="md" padding="lg">
      <form
        noValidate
        data-testid="template-upload-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('basicData.templates.uploadHint')}
          </Text>
          {problem && (
            <Alert
              color="red"
              variant="light"
              title={problem.unknown.length ? t('basicData.templates.unknownTitle') : undefined}
              data-testid="template-upload-error"
            >
              <Text size="sm">{problem.message}</Text>
              {problem.unknown.length > 0 && (
                <List size="sm" mt="xs">
                  {problem.unknown.map((name) => (
                    <List.Item key={name}>
                      <Code>{`{${name}}`}</Code>
                    </List.Item>
                  ))}
                </List>
              )}
            </Alert>
          )}
          <Group align="flex-end" gap="sm">
            <Select
              label={t('basicData.templates.contractType')}
              placeholder={t('basicData.templates.chooseType')}
              withAsterisk
              data={CONTRACT_TYPES.map((type) => ({ value: type, label: pick(CONTRACT_TYPE_LABELS[type], lang) }))}
              value={contractType}
              onChange={(value) => setContractType(value as ContractType | null)}
              allowDeselect={false}
              error={missing && !contractType ? t('basicData.templates.chooseType') : undefined}
              w={220}
              comboboxProps={{ withinPortal: false }}
              data-testid="template-type"
            />
            <FileInput
              label={t('basicData.templates.file')}
              placeholder={t('basicData.templates.chooseFile')}
              withAsterisk
              accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
              value={file}
              onChange={setFile}
              clearable
              error={missing && !file ? t('basicData.templates.chooseFile') : undefined}
              w={280}
              data-testid="template-file"
            />
            <Button type="submit" leftSection={<IconUpload size={16} />} loading={upload.isPending} data-testid="template-upload">
              {t('basicData.templates.upload')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function TemplateTable({ bankId }: { bankId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const queryClient = useQueryClient();
  const templates = useQuery({ queryKey: ['banks', 'templates', bankId], queryFn: () => fetchTemplates(bankId) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['banks'] });
  const toggle = useMutation({ mutationFn: (v: { id: string; enabled: boolean }) => setTemplateEnabled(v.id, v.enabled), onSettled: refresh });
  const remove = useMutation({ mutationFn: (id: string) => deleteTemplate(id) });
  const confirmRemove = (row: TemplateRow) =>
    modals.openConfirmModal({
      title: t('basicData.delete'),
      centered: true,
      children: <Text size="sm">{t('basicData.templates.confirmDelete', { name: row.fileName, version: row.version })}</Text>,
      labels: { confirm: t('common.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void remove.mutateAsync(row.id).then(
          () => {
            showSuccessToast(t('basicData.deleted'));
            refresh();
          },
          () => undefined,
        ),
    });
  const rows = templates.data ?? [];
  return (
    <Card withBorder radius="md" padding="lg">
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {templates.isLoading ? '…' : t('basicData.templates.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover data-testid="template-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('basicData.templates.columns.contractType')}</Table.Th>
                <Table.Th>{t('basicData.templates.columns.version')}</Table.Th>
                <Table.Th>{t('basicData.templates.columns.fileName')}</Table.Th>
                <Table.Th>{t('basicData.templates.columns.size')}</Table.Th>
                <Table.Th>{t('basicData.templates.columns.placeholders')}</Table.Th>
                <Table.Th>{t('basicData.templates.columns.enabled')}</Table.Th>
                <Table.Th>{t('basicData.templates.columns.uploadedBy')}</Table.Th>
                <Table.Th>{t('basicData.templates.columns.createdAt')}</Table.Th>
                <Table.Th>{t('common.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id} data-testid="template-row" data-type={row.contractType} data-version={row.version}>
                  <Table.Td>{pick(CONTRACT_TYPE_LABELS[row.contractType], lang)}</Table.Td>
                  <Table.Td>v{row.version}</Table.Td>
                  <Table.Td>{row.fileName}</Table.Td>
                  <Table.Td>{formatSize(row.size)}</Table.Td>
                  <Table.Td>
                    <Text size="xs" c="dimmed" maw={260} lineClamp={2} title={row.placeholders.join(', ')}>
                      {row.placeholders.join(', ')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      checked={row.enabled}
                      disabled={!can(['sys:template:enable']) || toggle.isPending}
                      onChange={(e) => toggle.mutate({ id: row.id, enabled: e.currentTarget.checked })}
                      aria-label={row.enabled ? t('basicData.templates.enabled') : t('basicData.templates.disabled')}
                      data-testid="template-enabled"
                    />
                  </Table.Td>
                  <Table.Td>{row.createdByName ?? ''}</Table.Td>
                  <Table.Td>{formatTime(row.createdAt)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        leftSection={<IconDownload size={12} />}
                        onClick={() => void downloadFile(`/templates/${encodeURIComponent(row.id)}/file`, row.fileName)}
                      >
                        {t('basicData.templates.download')}
                      </Button>
                      {can(['sys:template:delete']) && (
                        <Button size="compact-xs" variant="subtle" color="red" onClick={() => confirmRemove(row)}>
                          {t('basicData.delete')}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

/** The vocabulary a template may use, from the same module the server checks against. */
function VocabularyCard() {
  const { t } = useTranslation();
  const lang = useLang();
  const table = (defs: readonly { name: string; label: { zh: string; en: string }; example: string }[]) => (
    <Table withTableBorder>
      <Table.Tbody>
        {defs.map((d) => (
          <Table.Tr key={d.name}>
            <Table.Td w={200}>
              <Code>{`{${d.name}}`}</Code>
            </Table.Td>
            <Table.Td>{pick(d.label, lang)}</Table.Td>
            <Table.Td c="dimmed">{d.example}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return (
    <Accordion variant="separated" data-testid="template-vocabulary">
      <Accordion.Item value="vocabulary">
        <Accordion.Control>{t('basicData.templates.vocabulary')}</Accordion.Control>
        <Accordion.Panel>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('basicData.templates.vocabularyHint')}
            </Text>
            {table(PLACEHOLDERS)}
            <Text size="sm" fw={500}>
              {t('basicData.templates.loopTitle')} <Code>{`{#${COLLATERAL_LOOP}}`}</Code>
            </Text>
            {table(COLLATERAL_PLACEHOLDERS)}
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
