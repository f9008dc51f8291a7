import { Select, SimpleGrid, Switch, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { describeVoteRule, defaultVoteRule, type VotingMeetingKind } from '@app/workflow';
import { useTranslation } from 'react-i18next';
import { pick, useLang } from '@/i18n/use-lang';
import { FRACTIONS, type MeetingFormValues } from './meeting-form';

/** The meeting form's vote rule: the kind's default in words, or (switched on) each part of a custom rule. */
export function VoteRuleFields({ kind, form }: { kind: VotingMeetingKind; form: UseFormReturnType<MeetingFormValues> }) {
  const { t } = useTranslation();
  const lang = useLang();
  const values = form.values;
  const ruleSelect = (name: 'quorum' | 'passThreshold' | 'base' | 'passWhen' | 'onTie') => ({
    value: values[name],
    // A rule's part is never empty.
    onChange: (v: string | null) => {
      if (v) form.setFieldValue(name, v as never);
    },
    allowDeselect: false,
    comboboxProps: { withinPortal: false },
  });
  const options = <T extends string>(group: 'base' | 'passWhen' | 'onTie', list: readonly T[]) =>
    list.map((value) => ({ value, label: String(t(`meetings.form.${group}.${value}` as never)) }));
  return (
    <>
      <Switch
        label={t('meetings.form.fields.customRule')}
        description={values.customRule ? undefined : t('meetings.form.hints.defaultRule', { rule: pick(describeVoteRule(defaultVoteRule(kind)), lang) })}
        checked={values.customRule}
        onChange={(e) => form.setFieldValue('customRule', e.currentTarget.checked)}
      />
      {values.customRule && (
        <SimpleGrid cols={2} spacing="xs">
          <Select label={t('meetings.form.fields.quorum')} data={[...FRACTIONS]} {...ruleSelect('quorum')} />
          <Select label={t('meetings.form.fields.passThreshold')} data={[...FRACTIONS]} {...ruleSelect('passThreshold')} />
          <Select label={t('meetings.form.fields.base')} data={options('base', ['cast', 'attendees'] as const)} {...ruleSelect('base')} />
          <Select label={t('meetings.form.fields.passWhen')} data={options('passWhen', ['above', 'atLeast'] as const)} {...ruleSelect('passWhen')} />
          <Select label={t('meetings.form.fields.onTie')} data={options('onTie', ['FAIL', 'PENGING_RESOLUTION'] as const)} {...ruleSelect('onTie')} />
        </SimpleGrid>
      )}
      {form.errors.customRule && (
        <Text size="xs" c="red">
          {form.errors.customRule}
        </Text>
      )}
    </>
  );
}
