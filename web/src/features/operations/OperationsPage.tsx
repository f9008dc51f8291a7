import { Card, Stack, Tabs } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { BatchCreateDialog } from './BatchCreateDialog';
import { BatchesTab } from './BatchesTab';
import { FailedWorkTab } from './FailedWorkTab';
import { LimitsTab } from './LimitsTab';
import { StuckTab } from './StuckTab';
import { TrailTab } from './TrailTab';

const TABS = ['stuck', 'failed', 'batches', 'trail', 'limits'] as const;
type Tab = (typeof TABS)[number];

/**
 * /system/operations (administrators; the server guards every route): stuck loans and their moves,
 * failed work, batches, the operator trail and the stuck-loan limits, one tab each (the tab is in the address).
 */
export default function OperationsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const tab: Tab = TABS.find((x) => x === search.get('tab')) ?? 'stuck';
  // a batch over the loans ticked on the stuck list, or by filter (empty list)
  const [creating, setCreating] = useState<string[] | null>(null);
  const [openBatch, setOpenBatch] = useState<string | null>(null);
  const show = (next: Tab) => setSearch((s) => ({ ...Object.fromEntries(s), tab: next }), { replace: true });

  return (
    <Stack p="md" data-testid="operations-page">
      <Card withBorder radius="md" padding="lg">
        <Tabs value={tab} onChange={(v) => v && show(v as Tab)} keepMounted={false}>
          <Tabs.List mb="md">
            {TABS.map((x) => (
              <Tabs.Tab key={x} value={x} data-testid={`ops-tab-${x}`}>
                {t(`operations.tabs.${x}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="stuck">
            <StuckTab onBatch={setCreating} />
          </Tabs.Panel>
          <Tabs.Panel value="failed">
            <FailedWorkTab />
          </Tabs.Panel>
          <Tabs.Panel value="batches">
            <BatchesTab onCreate={() => setCreating([])} opened={openBatch} onOpen={setOpenBatch} />
          </Tabs.Panel>
          <Tabs.Panel value="trail">
            <TrailTab />
          </Tabs.Panel>
          <Tabs.Panel value="limits">
            <LimitsTab />
          </Tabs.Panel>
        </Tabs>
      </Card>
      {creating && (
        <BatchCreateDialog
          opened
          loanIds={creating}
          onClose={() => setCreating(null)}
          onCreated={(batch) => {
            show('batches');
            setOpenBatch(batch.id);
          }}
        />
      )}
    </Stack>
  );
}
