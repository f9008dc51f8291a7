/**
 * Perfection of a data type (editClient, editInquiry, editAgent, editReport, riskControlListEdit):
 * the sections as structured forms with a navigator and completeness markers. What is typed is kept
 * on this device at once and autosaved as the user's draft; "Save" checks everything with the
 * server's own rules and saves a new version. Sections the user may not edit are shown read-only.
 */
import { Alert, Button, Stack } from '@mantine/core';
import { IconDeviceFloppy, IconEye, IconLock } from '@tabler/icons-react';
import { completenessOf, DATA_TYPE_SPECS, describeIssue, type DataType, type LoanDataContent } from '@app/workflow';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '@/api/http';
import { showErrorToast, showSuccessToast } from '@/api/feedback';
import { useSession } from '@/features/auth/session';
import { pick, useLang } from '@/i18n/use-lang';
import { LoanDataHeader } from '../components/LoanDataHeader';
import { DraftRestoredAlert } from '../components/DraftRestoredAlert';
import { EditorSections } from '../components/EditorSections';
import { SaveIndicator } from '../components/SaveIndicator';
import { checkForm, issuesByPath, onlySections, overlaySections, sameContent, sectionOfPath, setField } from '../form-state';
import { discardDraft, LOAN_DATA_ERROR_CODES, type LoanDataView, type SaveFailureData } from '../loan-data-api';
import { useLoanData, useSaveLoanData } from '../loan-data-queries';
import { newestDraft, readLocalDraft, type DraftCandidate } from '../local-draft';
import { dataPaths, LOAN_ID, type DataRoute } from '../routes';
import { useAutosave } from '../use-autosave';
import { isNotFound, LoadFailed, Loading, NotFound, useDataRoute } from './common';

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
  const { user } = useSession();
  const userId = String(user?.id ?? '');
  const { type, loanId } = view;
  const spec = DATA_TYPE_SPECS[type];
  const editable = view.editable.sections;
  const saveData = useSaveLoanData(loanId, type);

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
      const next = await saveData.mutateAsync({ content: onlySections(sent, editable), expectedVersion: saved.version });
      autosave.reset();
      setRestored(null);
      setSaved({ version: next.version, content: next.content, at: next.updatedAt, by: next.updatedBy?.name ?? null });
      // Typing during the save stays; otherwise the form shows what the server stored.
      if (latest.current === sent) setContent(next.content);
      else autosave.change(latest.current);
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
      {restored && <DraftRestoredAlert restored={restored} version={saved.version} onClose={() => setRestored(null)} onDiscard={() => void discard()} />}
      <EditorSections
        sections={spec.sections}
        completeness={completeness.sections}
        section={section}
        onSelect={setActive}
        editable={editable}
        content={content}
        onField={onField(section.key)}
        errorOf={errorOf}
        lang={lang}
      />
    </Stack>
  );
}
