import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { CompanyPicker } from './CompanyPicker';
import type { RelatedGroup } from './regulatory-api';
import { failed, useIsAdmin } from './regulatory-admin';
import { useAddGroupMember, useCreateGroup, useDeleteGroup, useRelatedGroups, useRemoveGroupMember } from './regulatory-queries';

/** Runs a change (the figures reload with it), says so when asked, shows a failure as a toast. */
type Run = (action: () => Promise<unknown>, success?: string) => Promise<void>;

function useRun(): Run {
  const { t } = useTranslation();
  return async (action, success) => {
    try {
      await action();
      if (success) showSuccessToast(success);
    } catch (error) {
      failed(error, t('http.systemError'));
    }
  };
}

/** The related groups (a group's clients count together against the group limit): administrators add and remove groups and members. */
export function GroupRegister() {
  const { t } = useTranslation();
  const admin = useIsAdmin();
  const groups = useRelatedGroups();
  const creation = useCreateGroup();
  const run = useRun();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="regulatory-register">
      <Stack gap="sm">
        <Title order={5}>{t('regulatory.register.title')}</Title>
        {admin && (
          <Group align="flex-start">
            <TextInput
              size="xs"
              placeholder={t('regulatory.register.newGroup')}
              value={name}
              maxLength={100}
              error={nameError}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setNameError(null);
              }}
              data-testid="regulatory-group-name"
            />
            <Button
              size="xs"
              onClick={() => {
                if (!name.trim()) return setNameError(t('regulatory.register.nameRequired'));
                void run(async () => {
                  await creation.mutateAsync(name.trim());
                  setName('');
                }, t('regulatory.register.added'));
              }}
              data-testid="regulatory-group-add"
            >
              {t('regulatory.register.add')}
            </Button>
          </Group>
        )}
        {groups.data?.length === 0 && <Text size="sm">{t('regulatory.register.none')}</Text>}
        {(groups.data ?? []).map((g) => (
          <GroupCard key={g.id} group={g} admin={admin} run={run} />
        ))}
      </Stack>
    </Card>
  );
}

/** One group with its members; administrators remove it, add a company, remove a member. */
function GroupCard({ group: g, admin, run }: { group: RelatedGroup; admin: boolean; run: Run }) {
  const { t } = useTranslation();
  const deletion = useDeleteGroup();
  const adding = useAddGroupMember();
  const removal = useRemoveGroupMember();
  const [picked, setPicked] = useState<string | null>(null);
  return (
    <Card withBorder padding="sm" data-testid="regulatory-group">
      <Group justify="space-between">
        <Text fw={600}>{g.name}</Text>
        {admin && (
          <Button
            size="compact-xs"
            color="red"
            variant="subtle"
            onClick={() => window.confirm(t('regulatory.register.removeConfirm', { name: g.name })) && void run(() => deletion.mutateAsync(g.id))}
          >
            {t('regulatory.register.remove')}
          </Button>
        )}
      </Group>
      {g.members.length === 0 && (
        <Text size="xs" c="dimmed">
          {t('regulatory.register.noMembers')}
        </Text>
      )}
      {g.members.map((m) => (
        <Group key={m.companyId} gap="xs">
          <Text size="xs">
            {m.name} ({m.creditCode})
          </Text>
          {admin && (
            <Button size="compact-xs" variant="subtle" onClick={() => void run(() => removal.mutateAsync({ groupId: g.id, companyId: m.companyId }))}>
              {t('regulatory.register.removeMember')}
            </Button>
          )}
        </Group>
      ))}
      {admin && (
        <Group mt="xs">
          <CompanyPicker label={t('regulatory.register.company')} value={picked} onChange={setPicked} />
          <Button
            size="xs"
            disabled={!picked}
            onClick={() => void run(async () => adding.mutateAsync({ groupId: g.id, companyId: picked! }).then(() => setPicked(null)))}
          >
            {t('regulatory.register.addMember')}
          </Button>
        </Group>
      )}
    </Card>
  );
}
