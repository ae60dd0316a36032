import { createElement, type ReactNode } from 'react';
import type { Member, MemberAction } from '#shared/domain/organization';
import { displayNameOf } from '#shared/rules/display-name';

/**
 * User-supplied text inside a sentence, isolated (`<bdi>`): bidi controls or right-to-left
 * letters in a name cannot reorder the words around it ("Deactivate {name}?").
 */
const isolated = (text: string, key: string): ReactNode => createElement('bdi', { key }, text);

/** Spec 000, section 8: a failed member action. */
export const actionFailedTitle = (action: string) => `Unable to ${action}.`;
export const ACTION_FAILED_MESSAGE = 'Please retry later or contact us at the support address if the problem persists';

/** Button labels of the member actions (spec, section 4). */
export const actionLabels: Record<MemberAction, string> = {
  resend: 'Resend',
  delete: 'Delete',
  deactivate: 'Deactivate',
  reactivate: 'Reactivate',
};

/** The action words used in 'Unable to {action}.' */
export const actionVerbs: Record<MemberAction | 'invite', string> = {
  resend: 'resend',
  delete: 'delete',
  deactivate: 'deactivate',
  reactivate: 'reactivate',
  invite: 'invite',
};

/** Why Reactivate is disabled: reactivating takes a seat and none is free. */
export const NO_FREE_SEAT_REASON = 'No free seat: add seats or deactivate another member';

export const NO_PAYMENT_HISTORY = 'No payment history.';

/** Actions that take something away: they ask first, and their buttons look destructive. */
export const DESTRUCTIVE_ACTIONS: readonly MemberAction[] = ['delete', 'deactivate'];

/** Who a member is in a sentence: "Ada Lovelace (ada@example.com)", or the e-mail alone; each part isolated. */
const who = (m: Pick<Member, 'email' | 'name'>): ReactNode[] =>
  m.name ? [isolated(m.name, 'name'), ' (', isolated(m.email, 'email'), ')'] : [isolated(m.email, 'email')];

/** The question a destructive action asks first, naming the person; null when it needs no confirming. */
export function confirmationOf(member: Pick<Member, 'email' | 'name'>, action: MemberAction): { title: ReactNode; message: ReactNode; confirmLabel: string } | null {
  switch (action) {
    case 'delete':
      return {
        // One word for the one action: the spec's Delete (button, dialog and notice alike).
        title: 'Delete this invitation?',
        message: ['The invitation for ', ...who(member), ' stops working at once and its seat is freed. You can invite them again later.'],
        confirmLabel: 'Delete invitation',
      };
    case 'deactivate':
      return {
        title: ['Deactivate ', isolated(displayNameOf(member), 'name'), '?'],
        message: [...who(member), ' loses the Enterprise plan at once and their seat is freed. You can reactivate them while a seat is free.'],
        confirmLabel: 'Deactivate',
      };
    default:
      return null;
  }
}
