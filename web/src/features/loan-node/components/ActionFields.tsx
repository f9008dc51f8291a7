import type { UseFormReturnType } from '@mantine/form';
import type { EventType, GuaranteeContext, PayloadField } from '@app/workflow';
import type { FormValues } from '../payload-form';
import { ContractChoice } from './ContractChoice';
import { PayloadFieldInput } from './PayloadFieldInput';

type Errors = Record<string, string>;

/**
 * The payload fields of an action's form: the bank and template choices of the generating steps, any
 * other field by its kind (RECORD_REPAYMENT's early settlement is confirmed beside the instalment).
 */
export function ActionFields({
  type,
  fields,
  form,
  context,
}: {
  type: EventType;
  fields: readonly PayloadField[];
  form: UseFormReturnType<FormValues>;
  context: GuaranteeContext | null;
}) {
  const values = form.values;
  const repaying = type === 'RECORD_REPAYMENT';
  return (
    <>
      {fields
        .filter((field) => !(repaying && field.name === 'earlySettlement'))
        .map((field) =>
          (type === 'CONTRACT_GENERATE' && (field.name === 'bankId' || field.name === 'templateId')) ||
          (type === 'LETTER_GENERATE' && field.name === 'bankId') ? (
            <ContractChoice
              key={field.name}
              field={field}
              bankId={String(values.bankId ?? '')}
              value={String(values[field.name] ?? '')}
              error={form.errors[field.name] as string | undefined}
              onChange={(value) => {
                form.setFieldValue(field.name, value);
                if (field.name === 'bankId') form.setFieldValue('templateId', '');
              }}
            />
          ) : (
            <PayloadFieldInput
              key={field.name}
              field={field}
              type={type}
              value={values[field.name]}
              error={form.errors[field.name] as string | undefined}
              errors={form.errors as Errors}
              context={context}
              onChange={(value) => form.setFieldValue(field.name, value)}
            />
          ),
        )}
    </>
  );
}
