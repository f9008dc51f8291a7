/**
 * Detail of a data type (CLIENTDetail, INQUIRYDetail, AGENTDetail, REPORTDetail, and the B-post's
 * riskControlListDetail): every section read-only, a navigator with completeness markers, and the
 * way to perfection (when the user may edit now) and to the preview.
 */
import { Alert, Button, Grid, Paper, ScrollArea, Stack } from '@mantine/core';
import { IconEye, IconLock, IconPencil } from '@tabler/icons-react';
import { DATA_TYPE_SPECS } from '@app/workflow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { pick, useLang } from '@/i18n/use-lang';
import { LoanDataHeader } from '../components/LoanDataHeader';
import { SectionCard, SectionNav, SectionView } from '../components/sections';
import { dataPaths, LOAN_ID } from '../routes';
import { useLoanData } from '../loan-data-queries';
import { isNotFound, LoadFailed, Loading, NotFound, useDataRoute } from './common';

export default function LoanDataDetailPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const config = useDataRoute();
  const { encryptId = '' } = useParams();
  const loanId = encryptId.trim();
  const valid = LOAN_ID.test(loanId);
  const query = useLoanData(loanId, config.type, valid);
  const spec = DATA_TYPE_SPECS[config.type];
  const [active, setActive] = useState(config.post === 'B' ? (spec.sections.find((s) => s.post === 'B')?.key ?? spec.sections[0].key) : spec.sections[0].key);
  if (!valid || isNotFound(query.error)) return <NotFound loanId={loanId} />;
  if (query.isError) return <LoadFailed error={query.error} retry={() => void query.refetch()} />;
  const view = query.data;
  if (!view) return <Loading />;

  const select = (key: string) => {
    setActive(key);
    document.getElementById(`section-${key}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  const canEdit = view.editable.sections.length > 0;
  return (
    <Stack gap="md" p="md" data-testid="loan-data-detail" data-type={config.type}>
      <LoanDataHeader
        loan={view.loan}
        type={config.type}
        version={view.version}
        updatedAt={view.updatedAt}
        updatedBy={view.updatedBy?.name ?? null}
        lang={lang}
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconEye size={16} />}
              component={Link}
              to={dataPaths.preview(config.type, loanId, config.post)}
              data-testid="open-preview"
            >
              {t('loanData.actions.preview')}
            </Button>
            {canEdit && (
              <Button leftSection={<IconPencil size={16} />} component={Link} to={dataPaths.edit(config.type, loanId, config.post)} data-testid="open-edit">
                {t('loanData.actions.edit')}
              </Button>
            )}
          </>
        }
      />
      {!canEdit && view.editable.refusal === 'STATE' && view.editable.reason && (
        <Alert color="gray" icon={<IconLock size={18} />} p="xs">
          {pick(view.editable.reason, lang)}
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 3, xl: 2 }}>
          <Paper withBorder radius="md" p="xs" pos="sticky" top={8}>
            <ScrollArea.Autosize mah="calc(100vh - 220px)">
              <SectionNav sections={spec.sections} completeness={view.completeness.sections} active={active} onSelect={select} lang={lang} />
            </ScrollArea.Autosize>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9, xl: 10 }}>
          <Stack gap="md">
            {spec.sections.map((section) => (
              <SectionCard key={section.key} section={section} lang={lang} id={`section-${section.key}`}>
                <SectionView section={section} content={view.content} lang={lang} />
              </SectionCard>
            ))}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
