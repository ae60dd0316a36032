import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { OrgRole, OrgStatus } from '#shared/domain/account';
import type { Card, Subscription } from '#shared/domain/subscription';
import { PENDING_INVITE } from '#shared/rules/membership';
import { tableName } from '../lib/config';
import { dynamo, isConditionalCheckFailed, queryAll } from './dynamo-client';

export const ORG_SK = 'ORG';
export const memberSk = (userId: string) => `MEMBER#${userId}`;

export interface OrgRow {
  orgId: string;
  sk: typeof ORG_SK;
  name: string;
  /** Null = default to the member count (spec rule). */
  seats: number | null;
  /** Seats held by active + invited members; kept with conditional writes so it never exceeds `seats`. */
  seatsUsed: number;
  adminEmail: string;
  adminUserId: string;
  stripeCustomerId?: string;
  subscription?: Subscription | null;
  /** The card the organisation pays with (shown to its admin). */
  card?: Card | null;
  created: string;
  updated: string;
}

export interface MemberRow {
  orgId: string;
  sk: string;
  memberUserId: string;
  email: string;
  orgRole: OrgRole;
  orgStatus: OrgStatus;
  /** SHA-256 of the invitation token; the token itself is never stored. */
  inviteTokenHash?: string;
  inviteExpiresAt?: number;
  /**
   * Set while an invitation is being accepted under a new key (the invitee's real user id): the
   * claimant's user id. Only that user may finish the acceptance; nobody else can use the token.
   */
  acceptedBy?: string;
  /** When `acceptedBy` was set (unix seconds); a claim older than CLAIM_TTL_SECONDS no longer blocks. */
  acceptedAt?: number;
  created: string;
  updated: string;
}

const TABLE = () => tableName('orgs');

/** Runs a conditional write; false when its condition did not hold. */
async function conditional(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (e) {
    if (isConditionalCheckFailed(e)) return false;
    throw e;
  }
}

/** Runs a conditional write that answers an item (ReturnValues); undefined when its condition did not hold. */
async function conditionalItem(write: () => Promise<{ Attributes?: Record<string, unknown> }>): Promise<MemberRow | undefined> {
  try {
    return (await write()).Attributes as MemberRow | undefined;
  } catch (e) {
    if (isConditionalCheckFailed(e)) return undefined;
    throw e;
  }
}

const nowIso = () => new Date().toISOString();
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** How long an acceptance in progress holds its invitation against resend, revoke and decline. */
const CLAIM_TTL_SECONDS = 300;
/** No acceptance in progress (or only a stale one): condition text and its values. */
const unclaimed = () => ({
  condition: '(attribute_not_exists(acceptedBy) OR acceptedAt < :staleBefore)',
  values: { ':staleBefore': nowSeconds() - CLAIM_TTL_SECONDS },
});

/** A pending invitation (`isPendingInvite`), as a condition expression and its values. */
const PENDING = 'orgStatus = :invited AND orgRole <> :admin';
const pendingValues = { ':invited': PENDING_INVITE.orgStatus, ':admin': PENDING_INVITE.notOrgRole };

/** A pending invitation with this token that has not expired; values from liveInviteValues. */
const LIVE_INVITE = `${PENDING} AND inviteTokenHash = :h AND inviteExpiresAt > :now`;
const liveInviteValues = (tokenHash: string, now: number) => ({ ...pendingValues, ':h': tokenHash, ':now': now });

/**
 * Updates a live invitation with this token (LIVE_INVITE, and `condition`), `:iso` being now;
 * answers the item after the update, or undefined when the conditions do not hold.
 */
const updateLiveInvite = (
  orgId: string, userId: string, tokenHash: string, now: number,
  u: { condition: string; update: string; values: Record<string, unknown> },
): Promise<MemberRow | undefined> =>
  conditionalItem(() =>
    dynamo().send(
      new UpdateCommand({
        TableName: TABLE(), Key: { orgId, sk: memberSk(userId) },
        ConditionExpression: `${LIVE_INVITE} AND ${u.condition}`,
        UpdateExpression: u.update,
        ExpressionAttributeValues: { ...liveInviteValues(tokenHash, now), ':iso': nowIso(), ...u.values },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );

export const orgsRepo = {
  async getOrg(orgId: string): Promise<OrgRow | undefined> {
    const r = await dynamo().send(new GetCommand({ TableName: TABLE(), Key: { orgId, sk: ORG_SK }, ConsistentRead: true }));
    return r.Item as OrgRow | undefined;
  },

  async getMember(orgId: string, userId: string): Promise<MemberRow | undefined> {
    const r = await dynamo().send(
      new GetCommand({ TableName: TABLE(), Key: { orgId, sk: memberSk(userId) }, ConsistentRead: true }),
    );
    return r.Item as MemberRow | undefined;
  },

  async listMembers(orgId: string): Promise<MemberRow[]> {
    return queryAll<MemberRow>({
      TableName: TABLE(), KeyConditionExpression: 'orgId = :o AND begins_with(sk, :m)',
      ExpressionAttributeValues: { ':o': orgId, ':m': 'MEMBER#' }, ConsistentRead: true,
    });
  },

  /** Sets attributes on an existing organisation item. */
  async updateOrg(orgId: string, fields: Partial<Pick<OrgRow, 'name' | 'seats' | 'stripeCustomerId' | 'subscription' | 'card' | 'adminEmail'>>): Promise<void> {
    const entries = Object.entries({ ...fields, updated: new Date().toISOString() }).filter(([, v]) => v !== undefined);
    await dynamo().send(
      new UpdateCommand({
        TableName: TABLE(), Key: { orgId, sk: ORG_SK }, ConditionExpression: 'attribute_exists(orgId)',
        UpdateExpression: 'SET ' + entries.map((_, i) => `#k${i} = :v${i}`).join(', '),
        ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#k${i}`, k])),
        ExpressionAttributeValues: Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
      }),
    );
  },

  /** Memberships of a user across organisations (a user normally has at most one). */
  async membershipsOf(userId: string): Promise<MemberRow[]> {
    const r = await dynamo().send(
      new QueryCommand({
        TableName: TABLE(), IndexName: 'byMember', KeyConditionExpression: 'memberUserId = :u',
        ExpressionAttributeValues: { ':u': userId },
      }),
    );
    return (r.Items ?? []) as MemberRow[];
  },

  // ── writes that keep the seat invariant (seatsUsed = active + invited ≤ seats) ──────────────
  // dynalite has no TransactWriteItems, so each invariant is kept by a condition on one item:
  // seats are reserved on the org item first, members written next, and a failed write releases
  // what it reserved.

  /** Writes a new organisation item; false when the id is taken. */
  async createOrg(row: OrgRow): Promise<boolean> {
    return conditional(() =>
      dynamo().send(new PutCommand({ TableName: TABLE(), Item: row, ConditionExpression: 'attribute_not_exists(orgId)' })),
    );
  },

  /** Writes a new member item; false when the key is taken. */
  async createMember(row: MemberRow): Promise<boolean> {
    return conditional(() =>
      dynamo().send(new PutCommand({ TableName: TABLE(), Item: row, ConditionExpression: 'attribute_not_exists(sk)' })),
    );
  },

  /** Sets `seatsUsed` on an org item that has none yet (items written before the counter existed). */
  async initSeatsUsed(orgId: string, used: number): Promise<void> {
    await conditional(() =>
      dynamo().send(
        new UpdateCommand({
          TableName: TABLE(), Key: { orgId, sk: ORG_SK },
          ConditionExpression: 'attribute_exists(orgId) AND attribute_not_exists(seatsUsed)',
          UpdateExpression: 'SET seatsUsed = :u', ExpressionAttributeValues: { ':u': used },
        }),
      ),
    );
  },

  /**
   * Adds `n` to `seatsUsed` only if `seatsUsed <= limit` (the caller's `seats - n`) and the seats
   * are still what the caller read (`seats`, or unset). One conditional UpdateItem: concurrent
   * reservations can never take more seats than there are.
   */
  async reserveSeats(orgId: string, n: number, seen: { seats: number | null; limit: number }): Promise<boolean> {
    if (n <= 0) return true;
    const seatsCondition = seen.seats === null ? '(attribute_not_exists(seats) OR attribute_type(seats, :nullType))' : 'seats = :seats';
    return conditional(() =>
      dynamo().send(
        new UpdateCommand({
          TableName: TABLE(), Key: { orgId, sk: ORG_SK },
          ConditionExpression: `attribute_exists(orgId) AND ${seatsCondition} AND seatsUsed <= :limit`,
          UpdateExpression: 'SET seatsUsed = seatsUsed + :n, updated = :now',
          ExpressionAttributeValues: {
            ':n': n, ':limit': seen.limit, ':now': nowIso(),
            ...(seen.seats === null ? { ':nullType': 'NULL' } : { ':seats': seen.seats }),
          },
        }),
      ),
    );
  },

  /** Gives back `n` seats (never below zero). */
  async releaseSeats(orgId: string, n: number): Promise<boolean> {
    if (n <= 0) return true;
    return conditional(() =>
      dynamo().send(
        new UpdateCommand({
          TableName: TABLE(), Key: { orgId, sk: ORG_SK },
          ConditionExpression: 'attribute_exists(orgId) AND seatsUsed >= :n',
          UpdateExpression: 'SET seatsUsed = seatsUsed - :n, updated = :now',
          ExpressionAttributeValues: { ':n': n, ':now': nowIso() },
        }),
      ),
    );
  },

  /** Deletes a member item, whatever its status; answers the deleted item, or undefined when it was already gone. */
  async deleteMember(orgId: string, userId: string): Promise<MemberRow | undefined> {
    return conditionalItem(() =>
      dynamo().send(
        new DeleteCommand({
          TableName: TABLE(), Key: { orgId, sk: memberSk(userId) },
          ConditionExpression: 'attribute_exists(orgId)', ReturnValues: 'ALL_OLD',
        }),
      ),
    );
  },

  /** A fresh token for a pending invitation (resend); undefined when the member is no longer invited. */
  async renewInvite(orgId: string, userId: string, invite: { hash: string; expiresAt: number }): Promise<MemberRow | undefined> {
    const free = unclaimed();
    return conditionalItem(() =>
      dynamo().send(
        new UpdateCommand({
          TableName: TABLE(), Key: { orgId, sk: memberSk(userId) },
          ConditionExpression: `${PENDING} AND ${free.condition}`,
          UpdateExpression: 'SET inviteTokenHash = :h, inviteExpiresAt = :e, updated = :now REMOVE acceptedBy, acceptedAt',
          ExpressionAttributeValues: {
            ...pendingValues, ':h': invite.hash, ':e': invite.expiresAt, ':now': nowIso(), ...free.values,
          },
          ReturnValues: 'ALL_NEW',
        }),
      ),
    );
  },

  /** Moves a (non-admin) member from one status to another; undefined when it is not in `from`. */
  async changeStatus(orgId: string, userId: string, from: OrgStatus, to: OrgStatus): Promise<MemberRow | undefined> {
    return conditionalItem(() =>
      dynamo().send(
        new UpdateCommand({
          TableName: TABLE(), Key: { orgId, sk: memberSk(userId) },
          ConditionExpression: 'orgStatus = :from AND orgRole <> :admin',
          UpdateExpression: 'SET orgStatus = :to, updated = :now',
          ExpressionAttributeValues: { ':from': from, ':to': to, ':admin': 'admin', ':now': nowIso() },
          ReturnValues: 'ALL_NEW',
        }),
      ),
    );
  },

  /**
   * Deletes a pending invitation (revoke, decline or the end of an acceptance); with
   * `inviteTokenHash` only while that token is current, with `acceptedBy` only for that claimant.
   * Answers the deleted item, or undefined when the condition did not hold.
   */
  async deleteInvite(
    orgId: string, userId: string, match: { inviteTokenHash?: string; acceptedBy?: string } = {},
  ): Promise<MemberRow | undefined> {
    const conditions = [PENDING];
    const values: Record<string, unknown> = { ...pendingValues };
    if (match.acceptedBy) {
      conditions.push('acceptedBy = :by');
      values[':by'] = match.acceptedBy;
    } else {
      const free = unclaimed();
      conditions.push(free.condition);
      Object.assign(values, free.values);
    }
    if (match.inviteTokenHash) {
      conditions.push('inviteTokenHash = :h');
      values[':h'] = match.inviteTokenHash;
    }
    return conditionalItem(() =>
      dynamo().send(
        new DeleteCommand({
          TableName: TABLE(), Key: { orgId, sk: memberSk(userId) },
          ConditionExpression: conditions.join(' AND '), ExpressionAttributeValues: values, ReturnValues: 'ALL_OLD',
        }),
      ),
    );
  },

  /**
   * Accepts an invitation kept under the invitee's own user id: active, token gone. Only with the
   * current token, before it expires (`now` in unix seconds). Undefined when that does not hold.
   */
  async activateInvite(orgId: string, userId: string, tokenHash: string, now: number): Promise<MemberRow | undefined> {
    const free = unclaimed();
    return updateLiveInvite(orgId, userId, tokenHash, now, {
      condition: free.condition,
      update: 'SET orgStatus = :active, updated = :iso REMOVE inviteTokenHash, inviteExpiresAt, acceptedBy, acceptedAt',
      values: { ':active': 'active', ...free.values },
    });
  },

  /**
   * First step of accepting an invitation that must move to another key (the invitee's real user
   * id): marks it as being accepted by `claimant`, with the current token before it expires. The
   * same claimant may claim again (a retry after a failure half-way); others, and resend, revoke
   * and decline, are held off for CLAIM_TTL_SECONDS.
   */
  async claimInvite(orgId: string, userId: string, tokenHash: string, now: number, claimant: string): Promise<MemberRow | undefined> {
    const free = unclaimed();
    return updateLiveInvite(orgId, userId, tokenHash, now, {
      condition: `(${free.condition} OR acceptedBy = :by)`,
      update: 'SET acceptedBy = :by, acceptedAt = :at, updated = :iso',
      values: { ':by': claimant, ':at': nowSeconds(), ...free.values },
    });
  },
};
