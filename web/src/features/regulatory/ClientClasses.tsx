import { Badge, Button, Card, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { CompanyPicker } from './CompanyPicker';
import { failed, useIsAdmin } from './regulatory-admin';
import { useClientClasses, useSaveClientClass } from './regulatory-queries';

/** The client classes that weigh less (small and micro, agricultural): administrators set and clear them. */
export function ClientClasses() {
  const { t } = useTranslation();
  const admin = useIsAdmin();
  const classes = useClientClasses();
  const saving = useSaveClientClass();
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [smallMicro, setSmallMicro] = useState(true);
  const [agricultural, setAgricultural] = useState(false);
  const save = async (id: string, sm: boolean, ag: boolean) => {
    try {
      await saving.mutateAsync({ companyId: id, smallMicro: sm, agricultural: ag });
      showSuccessToast(t('regulatory.classes.saved'));
    } catch (error) {
      failed(error, t('http.systemError'));
    }
  };
  return (
    <Card withBorder radius="md" padding="lg" data-testid="regulatory-classes">
      <Stack gap="sm">
        <Title order={5}>{t('regulatory.classes.title')}</Title>
        <Text size="xs" c="dimmed">
          {t('regulatory.classes.hint')}
        </Text>
        {admin && (
          <Group>
            <CompanyPicker label={t('regulatory.classes.company')} value={companyId} onChange={setCompanyId} />
            <Checkbox label={t('regulatory.classes.smallMicro')} checked={smallMicro} onChange={(e) => setSmallMicro(e.currentTarget.checked)} />
            <Checkbox label={t('regulatory.classes.agricultural')} checked={agricultural} onChange={(e) => setAgricultural(e.currentTarget.checked)} />
            <Button size="xs" disabled={!companyId} onClick={() => companyId && void save(companyId, smallMicro, agricultural)}>
              {t('regulatory.classes.save')}
            </Button>
          </Group>
        )}
        {classes.data?.length === 0 && <Text size="sm">{t('regulatory.classes.none')}</Text>}
        {(classes.data ?? []).map((c) => (
          <Group key={c.companyId} gap="xs">
            <Text size="sm">{c.name}</Text>
            {c.smallMicro && <Badge size="sm">{t('regulatory.classes.smallMicro')}</Badge>}
            {c.agricultural && <Badge size="sm">{t('regulatory.classes.agricultural')}</Badge>}
            {admin && (
              <Button size="compact-xs" variant="subtle" onClick={() => void save(c.companyId, false, false)}>
                {t('regulatory.register.removeMember')}
              </Button>
            )}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
