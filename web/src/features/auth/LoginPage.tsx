import { Alert, Anchor, Box, Button, Checkbox, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconLock, IconShieldLock, IconUser } from '@tabler/icons-react';
import { ERROR_CODES } from '@app/workflow/error-codes';
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '@/api/http';
import { Logo } from '@/ui/Logo';
import { PRIVACY_POLICY_PATH, SERVICE_AGREEMENT_PATH } from '@/navigation/paths';
import { LanguageSwitch } from '@/features/language/LanguageSwitch';
import { useAppForm } from '@/lib/app-form';
import { saveLoginExtras } from '@/lib/storage';
import { login } from './auth-api';
import { useAuthSettings, useCaptcha, usePublicKeyLoader } from './auth-queries';
import { type LoginValues, safeRedirect, validateLogin } from './login-form';
import classes from './LoginPage.module.css';
import type { LoginFailureData } from './types';

/** The code of the form's own refusal when the password could not be encrypted (no request was sent). */
const ENCRYPT_FAILED = 'ENCRYPT_FAILED';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const loadPublicKey = usePublicKeyLoader();

  const [captchaRequired, setCaptchaRequired] = useState(false);

  useEffect(() => {
    document.title = `${t('auth.title')} - ${t('common.brand')}`;
  }, [t]);

  const settings = useAuthSettings();
  const captchaShown = captchaRequired || Boolean(settings.data?.captchaAlways);
  const captcha = useCaptcha(captchaShown);

  const { form, formError, submitting, onSubmit } = useAppForm<LoginValues>({
    initialValues: { username: '', password: '', captchaCode: '', agreed: false },
    validate: (values) => Object.fromEntries(Object.entries(validateLogin(values, captchaShown)).map(([field, key]) => [field, t(key)])),
    submit: async (values) => {
      let password: string;
      try {
        const pem = await loadPublicKey();
        const { encryptPassword } = await import('./rsa');
        password = encryptPassword(pem, values.password);
      } catch (cause) {
        // The key's own failure is toasted by the HTTP client; a failed encryption is said here.
        if (cause instanceof ApiError) return;
        throw new ApiError(t('auth.encryptFailed'), 0, ENCRYPT_FAILED);
      }
      try {
        const extras = await login({
          checkStatus: values.agreed,
          username: values.username.trim(),
          password,
          ...(captchaShown ? { captchaId: captcha.data?.captchaId, captchaCode: values.captchaCode.trim() } : {}),
        });
        saveLoginExtras(extras);
      } catch (cause) {
        throw cause instanceof ApiError ? cause : new ApiError('', 0);
      }
      void navigate(safeRedirect(searchParams.get('redirect')), { replace: true });
    },
    // Spec section 8: a failed sign-in is handled here, not by the client's toast.
    refusalMessage: (error) => error.message || t('auth.failed'),
    onRefused: (error) => {
      if (error.code === ENCRYPT_FAILED) return;
      const data = error.body?.data as LoginFailureData | null | undefined;
      if (data?.captchaRequired || error.code === ERROR_CODES.captchaRequired) setCaptchaRequired(true);
      if (captchaShown) refreshCaptcha();
    },
  });

  const refreshCaptcha = () => {
    form.setFieldValue('captchaCode', '');
    // A fresh code is not yet a missing one.
    form.clearFieldError('captchaCode');
    void captcha.refetch();
  };

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

          {formError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} mt="md" data-testid="login-error">
              {formError}
            </Alert>
          )}

          <form onSubmit={onSubmit} noValidate>
            <Stack gap="md" mt="lg">
              <TextInput
                label={t('auth.username')}
                placeholder={t('auth.usernamePlaceholder')}
                leftSection={<IconUser size={16} />}
                autoComplete="username"
                name="username"
                {...form.getInputProps('username')}
                withAsterisk
              />
              <PasswordInput
                label={t('auth.password')}
                placeholder={t('auth.passwordPlaceholder')}
                leftSection={<IconLock size={16} />}
                autoComplete="current-password"
                name="password"
                {...form.getInputProps('password')}
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
                    {...form.getInputProps('captchaCode')}
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
                {...form.getInputProps('agreed', { type: 'checkbox' })}
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
