import { IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentRoute } from '@/app/routes/current-route';
import { StatusPage } from './StatusPage';

/** Stands in for a page a later issue builds: says so plainly, shows no made-up data. */
export default function NotAvailablePage() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const page = route ? t(`routes.pages.${route.name}`) : '';
  return (
    <StatusPage
      testId="not-available"
      icon={<IconTools size={36} />}
      title={t('common.notAvailable.title')}
      description={t('common.notAvailable.description', { page })}
      back={t('common.notAvailable.back')}
    />
  );
}
