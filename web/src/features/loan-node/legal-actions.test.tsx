import { renderHook } from '@testing-library/react';
import { demoActors, demoInput, EVENT_PERMISSIONS, eventsToStage, legalActions, replay, type Actor, type PersistedSnapshot } from '@app/workflow';
import { StrictMode, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { actorOfUser, reconcileActions, useMachineLegalActions } from './legal-actions';
import type { ServerLegalAction } from './loan-node-api';

const input = demoInput();
const inPreReview = replay(input, eventsToStage(input, 'preReview'));
const approver: Actor = { id: demoActors.approver, roles: ['ROLE_USER'], authorityList: [EVENT_PERMISSIONS.PRE_REVIEW_APPROVE] };
const aPost: Actor = {
  id: demoActors.aPost,
  roles: ['ROLE_USER'],
  authorityList: [EVENT_PERMISSIONS.PRE_REVIEW_APPROVE, EVENT_PERMISSIONS.PRE_REVIEW_MODIFY_AMOUNT],
};

const strict = ({ children }: { children: ReactNode }) => <StrictMode>{children}</StrictMode>;
const typesOf = (list: readonly { type: string }[]) => list.map((a) => a.type);

describe('legal actions in the browser', () => {
  it('are computed by an actor restored from the persisted snapshot, per user', () => {
    const asApprover = renderHook(() => useMachineLegalActions(inPreReview, approver), { wrapper: strict });
    expect(typesOf(asApprover.result.current)).toEqual(['PRE_REVIEW_APPROVE', 'PRE_REVIEW_REJECT', 'PRE_REVIEW_RETURN']);
    // Maker-checker: the officer who submitted to pre-review may not approve it, whatever keys it holds.
    const asAPost = renderHook(() => useMachineLegalActions(inPreReview, aPost), { wrapper: strict });
    expect(typesOf(asAPost.result.current)).toEqual(['PRE_REVIEW_MODIFY_AMOUNT']);
    expect(asAPost.result.current).toEqual(legalActions(inPreReview, aPost));
  });

  it('survive a JSON round trip of the snapshot (as the server stores and sends it)', () => {
    const fromServer = JSON.parse(JSON.stringify(inPreReview)) as PersistedSnapshot;
    const { result } = renderHook(() => useMachineLegalActions(fromServer, approver), { wrapper: strict });
    expect(typesOf(result.current)).toEqual(['PRE_REVIEW_APPROVE', 'PRE_REVIEW_REJECT', 'PRE_REVIEW_RETURN']);
  });

  it('build the actor from the signed-in user as the server does', () => {
    expect(actorOfUser({ id: '7', roles: ['ROLE_USER'], authorityList: ['a'] })).toEqual({
      id: '7',
      roles: ['ROLE_USER'],
      authorityList: ['a'],
    });
  });
});

describe('reconciling with the server', () => {
  const server: ServerLegalAction[] = [
    { type: 'PRE_REVIEW_APPROVE', permission: 'sys:review-vote:approve', label: { zh: '审批通过', en: 'Approve' } },
    { type: 'PRE_REVIEW_REJECT', permission: 'sys:review-vote:approve', label: { zh: '审批不通过', en: 'Reject' } },
  ];

  it('shows the browser list when both agree, whatever the order', () => {
    const client = legalActions(inPreReview, approver)
      .filter((a) => a.type !== 'PRE_REVIEW_RETURN')
      .reverse();
    const result = reconcileActions(client, server);
    expect(result.agreement).toBe('agree');
    expect(typesOf(result.actions)).toEqual(['PRE_REVIEW_REJECT', 'PRE_REVIEW_APPROVE']);
  });

  it("shows the server's list when they disagree", () => {
    const result = reconcileActions(legalActions(inPreReview, approver), server);
    expect(result.agreement).toBe('disagree');
    expect(result.actions).toEqual(server);
  });

  it("shows the server's list when the loan runs another machine version", () => {
    const result = reconcileActions(null, server);
    expect(result.agreement).toBe('otherVersion');
    expect(result.actions).toEqual(server);
  });
});
