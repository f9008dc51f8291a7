import { Button, Card, Group, Radio, Stack, Textarea, Title } from '@mantine/core';
import { VOTE_COMMENT_MAX, VOTE_OPINIONS, type VotingMeetingKind } from '@app/workflow';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { FormErrorAlert, useAppForm } from '@/lib/app-form';
import type { VoteItemDetail } from './meetings-api';
import { useCastVote } from './meetings-queries';
import { voteErrors, votePayload, type VoteValues } from './vote-form';

/**
 * The vote: an opinion and an optional comment, sent once as the loan's CAST_VOTE event. Another
 * attendee voting at the same moment moves the loan's version: the vote is then sent again on the
 * new version (votes of different attendees do not conflict). A refusal (second vote, not an
 * attendee) is shown as the server words it.
 */
export function VoteForm({ kind, item, reload }: { kind: VotingMeetingKind; item: VoteItemDetail; reload: () => Promise<VoteItemDetail | undefined> }) {
  const { t } = useTranslation();
  const castVote = useCastVote(kind, () => showSuccessToast(t('meetings.vote.detail.success')));
  const { form, values, formError, submitting, onSubmit } = useAppForm<VoteValues>({
    initialValues: { opinion: null, comment: '' },
    validate: (next) => {
      const errors = voteErrors(next);
      return {
        opinion: errors.opinion ? t('meetings.vote.errors.opinion') : undefined,
        comment: errors.comment ? t('meetings.vote.errors.commentTooLong', { max: VOTE_COMMENT_MAX }) : undefined,
      };
    },
    submit: async (next) => {
      await castVote.mutateAsync({ item, payload: votePayload(item.meeting.id, next), reload });
      await reload();
    },
    // The refusal may come from a change made elsewhere (meeting closed): show the item as it now stands.
    onRefused: () => void reload(),
  });

  return (
    <Card withBorder radius="md" padding="lg">
      <form noValidate data-testid="vote-form" onSubmit={onSubmit}>
        <Stack gap="sm">
          <Title order={5}>{t('meetings.vote.detail.castTitle')}</Title>
          <FormErrorAlert message={formError} testId="vote-refused" />
          <Radio.Group label={t('meetings.votes.opinion')} withAsterisk {...form.getInputProps('opinion')}>
            <Group mt="xs">
              {VOTE_OPINIONS.map((o) => (
                <Radio key={o} value={o} label={t(`meetings.opinions.${o}`)} data-testid={`opinion-${o}`} />
              ))}
            </Group>
          </Radio.Group>
          <Textarea
            label={t('meetings.votes.comment')}
            name="comment"
            rows={3}
            {...form.getInputProps('comment')}
            description={`${values.comment.trim().length}/${VOTE_COMMENT_MAX}`}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={submitting} data-testid="vote-submit">
              {t('meetings.vote.detail.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
