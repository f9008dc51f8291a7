import { Alert, Anchor, Box, Button, Checkbox, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconLock, IconShieldLock, IconUser } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '@/api/http';
import { Logo } from '@/app/components/Logo';
import { PRIVACY_POLICY_PATH, SERVICE_AGREEMENT_PATH } from '@/app/routes/paths';
import { LanguageSwitch } from '@/features/language/LanguageSwitch';
import { saveLoginExtras } from '@/lib/storage';
import { fetchAuthSettings, fetchCaptcha, fetchPublicKey, login } from './auth-api';
import { type LoginField, type LoginErrorKey, type LoginValues, safeRedirect, validateLogin } from './login-form';
import classes from './LoginPage.module.css';
import type { LoginFailureData } from './types';

const authKeys = {
  settings: ['auth', 'settings'] as const,
  publicKey: ['auth', 'public-key'] as const,
  captcha: ['auth', 'captcha'] as const,
};

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();

  const [values, setValues] = useState<LoginValues>({ username: '', password: '', captchaCode: '', agreed: false });
  const [errors, setErrors] = useState<Partial<Record<LoginField, LoginErrorKey>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [captchaRequired, setCaptchaRequired] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    document.title = `${t('auth.title')} - ${t('common.brand')}`;
  }, [t]);

  const settings = useQuery({ queryKey: authKeys.settings, queryFn: fetchAuthSettings, staleTime: 60_000 });
  const captchaShown = captchaRequired || Boolean(settings.data?.captchaAlways);
  // A code is single use: never served from cache.
  const captcha = useQuery({ queryKey: authKeys.captcha, queryFn: fetchCaptcha, enabled: captchaShown, staleTime: 0, gcTime: 0 });

  const setField = <K extends keyof LoginValues>(field: K, value: LoginValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const refreshCaptcha = () => {
    setField('captchaCode', '');
    void captcha.refetch();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const found = validateLogin(values, captchaShown);
    setErrors(found);
    if (Object.keys(found).length > 0) return;

    setSubmitting(true);
    try {
      let password: string;
      try {
        const pem = await queryClient.fetchQuery({ queryKey: authKeys.publicKey, queryFn: fetchPublicKey, staleTime: Infinity });
        const { encryptPassword } = await import('./rsa');
        password = encryptPassword(pem, values.password);
      } catch (cause) {
        if (!(cause instanceof ApiError)) setServerError(t('auth.encryptFailed'));
        return;
      }
      const extras = await login({
        checkStatus: values.agreed,
        username: values.username.trim(),
        password,
        ...(captchaShown ? { captchaId: captcha.data?.captchaId, captchaCode: values.captchaCode.trim() } : {}),
      });
      saveLoginExtras(extras);
      void navigate(safeRedirect(searchParams.get('redirect')), { replace: true });
    } catch (cause) {
      // Spec section 8: a failed sign-in is handled here, not by the client's toast.
      const error = cause instanceof ApiError ? cause : null;
      setServerError(error?.message || t('auth.failed'));
      const data = error?.body?.data as LoginFailureData | null | undefined;
      if (data?.captchaRequired || error?.code === 'A01002') setCaptchaRequired(true);
      if (captchaShown) refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  const errorText = (field: LoginField) => (errors[field] ? t(errors[field]) : undefined);

  return (
    <Box className={classes.page}>
      <Box className={classes.brand}>
        <Logo inverted />
        <Stack gap="md" maw={480}>
          <Title order={1} c="white">
            {t('common.brand')}
          </Title>
          <Text size="lg" c="blue.1">
            {t('auth.tagline')}
          </Text>
        </Stack>
        <Text size="sm" c="blue.2">
          {t('auth.footer')}
        </Text>
      </Box>

      <Box className={classes.formSide}>
        <Paper className={classes.card} withBorder shadow="sm" radius="md" p="xl">
          <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
            <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
              <Title order={2}>{t('auth.title')}</Title>
              <Text size="sm" c="dimmed">
                {t('auth.subtitle')}
              </Text>
            </Stack>
            <Box style={{ flexShrink: 0 }}>
              <LanguageSwitch />
            </Box>
          </Group>

          {serverError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} mt="md" data-testid="login-error">
              {serverError}
            </Alert>
          )}

          <form onSubmit={(e) => void onSubmit(e)} noValidate>
            <Stack gap="md" mt="lg">
              <TextInput
                label={t('auth.username')}
                placeholder={t('auth.usernamePlaceholder')}
                leftSection={<IconUser size={16} />}
                autoComplete="username"
                name="username"
                value={values.username}
                onChange={(e) => setField('username', e.currentTarget.value)}
                error={errorText('username')}
                withAsterisk
              />
              <PasswordInput
                label={t('auth.password')}
                placeholder={t('auth.passwordPlaceholder')}
                leftSection={<IconLock size={16} />}
                autoComplete="current-password"
                name="password"
                value={values.password}
                onChange={(e) => setField('password', e.currentTarget.value)}
                error={errorText('password')}
                withAsterisk
              />
              {captchaShown && (
                <Group align="flex-start" gap="sm" wrap="nowrap">
                  <TextInput
                    style={{ flex: 1 }}
                    label={t('auth.captcha')}
                    placeholder={t('auth.captchaPlaceholder')}
                    leftSection={<IconShieldLock size={16} />}
                    autoComplete="off"
                    name="captchaCode"
                    value={values.captchaCode}
                    onChange={(e) => setField('captchaCode', e.currentTarget.value)}
                    error={errorText('captchaCode')}
                    withAsterisk
                  />
                  <Box mt={25}>
                    <button type="button" className={classes.captchaImage} onClick={refreshCaptcha} title={t('auth.captchaRefresh')}>
                      {captcha.data && <img src={captcha.data.image} alt={t('auth.captchaImageAlt')} height={34} width={118} />}
                    </button>
                  </Box>
                </Group>
              )}
              <Checkbox
                checked={values.agreed}
                onChange={(e) => setField('agreed', e.currentTarget.checked)}
                error={errorText('agreed')}
                data-testid="agreement-tick"
                label={
                  <Trans
                    i18nKey="auth.agreement"
                    components={{
                      service: <Anchor component={Link} to={SERVICE_AGREEMENT_PATH} target="_blank" size="sm" />,
                      privacy: <Anchor component={Link} to={PRIVACY_POLICY_PATH} target="_blank" size="sm" />,
                    }}
                  />
                }
              />
              <Button type="submit" fullWidth size="md" loading={submitting}>
                {t('auth.submit')}
              </Button>
            </Stack>
          </form>
        </Paper>
      </Box>
    </Box>
  );
}
