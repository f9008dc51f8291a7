import { Anchor, Card, Title } from '@mantine/core';
import 'mantine-datatable/styles.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AppDataTable } from '@/ui/AppDataTable';
import { pick, useLang } from '@/i18n/use-lang';
import { yuan } from './format';
import type { Overview, Period } from './statistics-api';

type ListCount = Overview['lists'][number];

/** The drill-down worklists whose route path is not their name (the route table's statistics group). */
const DRILL_DOWN_PATHS: Partial<Record<string, string>> = { statisticsRelieveList: 'relieveList' };

/** Per drill-down list, the loans created in the period: each count links to its worklist filtered to the same creation days. */
export function OverviewLists({ period, lists, fetching }: { period: Period; lists: ListCount[]; fetching: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const drillDown = (list: ListCount) => `/statistics/${DRILL_DOWN_PATHS[list.name] ?? list.name}?createdFrom=${period.start}&createdTo=${period.end}`;
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={5} mb="sm">
        {t('statistics.overview.listsTitle')}
      </Title>
      <AppDataTable<ListCount>
        data-testid="overview-lists"
        records={lists}
        idAccessor="name"
        fetching={fetching}
        minHeight={180}
        columns={[
          { accessor: 'name', title: t('statistics.overview.list'), render: (l) => pick(l.label, lang) },
          {
            accessor: 'count',
            title: t('statistics.overview.count'),
            textAlign: 'right',
            width: 120,
            render: (l) => (
              <Anchor component={Link} to={drillDown(l)} data-list={l.name}>
                {l.count}
              </Anchor>
            ),
          },
          { accessor: 'amountFen', title: t('statistics.overview.amount'), textAlign: 'right', width: 200, render: (l) => yuan(l.amountFen) },
        ]}
      />
    </Card>
  );
}
