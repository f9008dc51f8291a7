/**
 * Perfection of a data type (editClient, editInquiry, editAgent, editReport, riskControlListEdit):
 * the sections as structured forms with a navigator and completeness markers. What is typed is kept
 * on this device at once and autosaved as the user's draft; "Save" checks everything with the
 * server's own rules and saves a new version. Sections the user may not edit are shown read-only.
 */
import { Alert, Button, Grid, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCloudCheck, IconDeviceFloppy, IconEye, IconHistory, IconLoader2, IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { completenessOf, DATA_TYPE_SPECS, describeIssue, type DataType, type LoanDataContent } from '@app/workflow';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '@/api/http';
import { showErrorToast, showSuccessToast } from '@/api/feedback';
import { useSession } from '@/features/auth/session';
import { pick, useLang } from '@/i18n/use-lang';
import { LoanDataHeader } from '../components/LoanDataHeader';
import { SectionCard, SectionForm, SectionNav, SectionView } from '../components/sections';
import { checkForm, clockTime, issuesByPath, onlySections, overlaySections, sameContent, sectionOfPath, setField } from '../form-state';
import { discardDraft, LOAN_DATA_ERROR_CODES, saveLoanData, type LoanDataView, type SaveFailureData } from '../loan-data-api';
import { newestDraft, readLocalDraft, type DraftCandidate } from '../local-draft';
import { dataPaths, LOAN_ID, type DataRoute } from '../routes';
import { useAutosave, type AutosaveStatus } from '../use-autosave';
import { isNotFound, LoadFailed, Loading, loanDataKeys, NotFound, useDataRoute, useLoanData } from './common';

export default function LoanDataEditPage() {
  const config = useDataRoute();
  const { encryptId = '', show } = useParams();
  const loanId = encryptId.trim();
  const valid = LOAN_ID.test(loanId);
  const query = useLoanData(loanId, config.type, valid);
  if (!valid || isNotFound(query.error)) return <NotFound loanId={loanId} />;
  if (query.isError) return <LoadFailed error={query.error} retry={() => void query.refetch()} />;
  if (!query.data) return <Loading />;
  // Mounted once per loan and type: later refetches do not overwrite what is being typed.
  return <Editor key={`${loanId}:${config.type}`} view={query.data} config={config} show={show} />;
}

interface Start {
  content: LoanDataContent;
  restored: DraftCandidate | null;
}

/** What the form starts from: the saved content (or the company's prefill), with the newest draft of this user over it. */
function startFrom(view: LoanDataView, userId: string): Start {
  const editable = view.editable.sections;
  const base = view.version === 0 && view.prefill ? overlaySections(view.content, view.prefill, editable) : view.content;
  if (!editable.length) return { content: view.content, restored: null };
  const draft = newestDraft(view.draft, readLocalDraft(userId, view.loanId, view.type));
  if (draft && !sameContent(onlySections(draft.content, editable), onlySections(view.content, editable))) {
    return { content: overlaySections(view.content, draft.content, editable), restored: draft };
  }
  return { content: base, restored: null };
}

function firstSection(type: DataType, config: DataRoute, show: string | undefined, editable: readonly string[]): string {
  const sections = DATA_TYPE_SPECS[type].sections;
  if (show && sections.some((s) => s.key === show)) return show;
  if (config.post === 'B') return sections.find((s) => s.post === 'B')?.key ?? sections[0].key;
  return sections.find((s) => editable.includes(s.key))?.key ?? sections[0].key;
}

function Editor({ view, config, show }: { view: LoanDataView; config: DataRoute; show: string | undefined }) {
  const { t } = useTranslation();
  const lang = useLang();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const userId = String(user?.id ?? '');
  const { type, loanId } = view;
  const spec = DATA_TYPE_SPECS[type];
  const editable = view.editable.sections;

  const [start] = useState(() => startFrom(view, userId));
  const [content, setContent] = useState<LoanDataContent>(start.content);
  const [restored, setRestored] = useState<DraftCandidate | null>(start.restored);
  const [saved, setSaved] = useState({ version: view.version, content: view.content, at: view.updatedAt, by: view.updatedBy?.name ?? null });
  const [active, setActive] = useState(() => firstSection(type, config, show, editable));
  const [showMissing, setShowMissing] = useState(false);
  const [serverIssues, setServerIssues] = useState<SaveFailureData['issues']>([]);
  const [saving, setSaving] = useState(false);
  const latest = useRef(content);
  latest.current = content;

  const autosave = useAutosave({ enabled: editable.length > 0, userId, loanId, type, baseVersion: saved.version, sections: editable });
  const check = useMemo(() => checkForm(type, content, editable), [type, content, editable]);
  const completeness = useMemo(() => completenessOf(type, content), [type, content]);
  const issues = useMemo(() => issuesByPath([...check.issues, ...(serverIssues ?? [])]), [check.issues, serverIssues]);
  const missing = useMemo(() => new Set(check.missing), [check.missing]);
  const errorOf = (path: string) => {
    const issue = issues.get(path);
    if (issue) return describeIssue(type, issue, lang);
    return showMissing && missing.has(path) ? t('loanData.form.required') : undefined;
  };

  const onField = (section: string) => (field: string, value: unknown) => {
    const next = setField(latest.current, section, field, value);
    latest.current = next;
    setContent(next);
    setServerIssues([]);
    autosave.change(next);
  };

  const save = async () => {
    setShowMissing(true);
    if (check.issues.length) {
      setActive(sectionOfPath(check.issues[0].path));
      showErrorToast(t('loanData.save.invalid', { count: check.issues.length }));
      return;
    }
    setSaving(true);
    const sent = latest.current;
    try {
      await autosave.settle();
      const next = await saveLoanData(loanId, type, onlySections(sent, editable), saved.version);
      autosave.reset();
      setRestored(null);
      setSaved({ version: next.version, content: next.content, at: next.updatedAt, by: next.updatedBy?.name ?? null });
      // Typing during the save stays; otherwise the form shows what the server stored.
      if (latest.current === sent) setContent(next.content);
      else autosave.change(latest.current);
      queryClient.setQueryData(loanDataKeys.data(loanId, type), next);
      void queryClient.invalidateQueries({ queryKey: loanDataKeys.all(loanId) });
      const left = next.completeness.sections.filter((s) => editable.includes(s.key)).reduce((n, s) => n + s.missing.length, 0);
      showSuccessToast(left ? t('loanData.save.savedIncomplete', { count: left }) : t('loanData.save.saved'));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const data = (error.body?.data ?? {}) as SaveFailureData;
      if (error.code === LOAN_DATA_ERROR_CODES.invalid && data.issues?.length) {
        setServerIssues(data.issues);
        setActive(sectionOfPath(data.issues[0].path));
      }
      // The server's words (stale version, step, post); what was typed stays on this device.
      showErrorToast(error.message);
      autosave.change(latest.current);
    } finally {
      setSaving(false);
    }
  };

  const discard = async () => {
    autosave.reset();
    await autosave.settle();
    setRestored(null);
    setContent(saved.content);
    latest.current = saved.content;
    await discardDraft(loanId, type).catch(() => undefined);
  };

  const section = spec.sections.find((s) => s.key === active) ?? spec.sections[0];
  const sectionEditable = editable.includes(section.key);
  const readOnly = editable.length === 0;

  return (
    <Stack gap="md" p="md" data-testid="loan-data-edit" data-type={type} data-version={saved.version}>
      <LoanDataHeader
        loan={view.loan}
        type={type}
        version={saved.version}
        updatedAt={saved.at}
        updatedBy={saved.by}
        lang={lang}
        status={!readOnly && <SaveIndicator status={autosave.status} savedAt={saved.at} saving={saving} />}
        actions={
          <>
            <Button variant="default" leftSection={<IconEye size={16} />} component={Link} to={dataPaths.preview(type, loanId, config.post)}>
              {t('loanData.actions.preview')}
            </Button>
            {!readOnly && (
              <Button leftSection={<IconDeviceFloppy size={16} />} onClick={() => void save()} loading={saving} data-testid="save-data">
                {t('loanData.actions.save')}
              </Button>
            )}
          </>
        }
      />
      {readOnly && view.editable.reason && (
        <Alert color="gray" icon={<IconLock size={18} />} title={t('loanData.readOnly.title')} data-testid="read-only">
          {pick(view.editable.reason, lang)}
        </Alert>
      )}
      {restored && (
        <Alert
          color="blue"
          icon={<IconHistory size={18} />}
          title={t('loanData.restore.title')}
          data-testid="draft-restored"
          withCloseButton
          onClose={() => setRestored(null)}
        >
          <Group justify="space-between" gap="sm">
            <Text size="sm">
              {t(restored.source === 'device' ? 'loanData.restore.fromDevice' : 'loanData.restore.fromServer', { time: clockTime(restored.savedAt) })}
              {restored.baseVersion < saved.version && ` ${t('loanData.restore.older', { base: restored.baseVersion, version: saved.version })}`}
            </Text>
            <Button size="xs" variant="subtle" color="red" onClick={() => void discard()} data-testid="discard-draft">
              {t('loanData.restore.discard')}
            </Button>
          </Group>
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 3, xl: 2 }}>
          <Paper withBorder radius="md" p="xs" pos="sticky" top={8}>
            <ScrollArea.Autosize mah="calc(100vh - 220px)">
              <SectionNav
                sections={spec.sections}
                completeness={completeness.sections}
                active={section.key}
                onSelect={setActive}
                editable={editable}
                lang={lang}
              />
            </ScrollArea.Autosize>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9, xl: 10 }}>
          <SectionCard section={section} lang={lang}>
            {sectionEditable ? (
              <SectionForm section={section} content={content} onField={onField(section.key)} errorOf={errorOf} lang={lang} />
            ) : (
              <Stack gap="sm">
                {!readOnly && (
                  <Text size="sm" c="dimmed" data-testid="section-locked">
                    <IconLock size={14} /> {t('loanData.readOnly.section')}
                  </Text>
                )}
                <SectionView section={section} content={content} lang={lang} />
              </Stack>
            )}
          </SectionCard>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

export function SaveIndicator({ status, savedAt, saving }: { status: AutosaveStatus; savedAt: string | null; saving: boolean }) {
  const { t } = useTranslation();
  let icon = <IconCloudCheck size={14} />;
  let color = 'dimmed';
  let text: string;
  if (saving) {
    icon = <IconLoader2 size={14} />;
    text = t('loanData.autosave.savingVersion');
  } else if (status.state === 'pending' || status.state === 'saving') {
    icon = <IconLoader2 size={14} />;
    text = t('loanData.autosave.saving');
  } else if (status.state === 'saved') {
    text = t('loanData.autosave.savedAt', { time: clockTime(status.at) });
    color = 'teal';
  } else if (status.state === 'device') {
    icon = <IconAlertTriangle size={14} />;
    color = 'orange';
    text = status.sessionExpired
      ? t('loanData.autosave.sessionExpired', { time: clockTime(status.at) })
      : t('loanData.autosave.device', { time: clockTime(status.at) });
  } else {
    text = savedAt ? t('loanData.autosave.versionAt', { time: clockTime(savedAt) }) : t('loanData.autosave.idle');
  }
  return (
    <Group gap={4} c={color} data-testid="save-indicator" data-state={saving ? 'saving-version' : status.state}>
      {icon}
      <Text size="xs" c={color}>
        {text}
      </Text>
    </Group>
  );
}
