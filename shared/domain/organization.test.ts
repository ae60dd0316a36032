import { describe, expect, it } from 'vitest';
import { isAllowedStatusChange, memberActions } from './organization';

describe('memberActions', () => {
  it('offers the spec’s actions by status', () => {
    expect(memberActions({ orgRole: 'member', orgStatus: 'invited' })).toEqual(['resend', 'delete']);
    expect(memberActions({ orgRole: 'member', orgStatus: 'active' })).toEqual(['deactivate']);
    expect(memberActions({ orgRole: 'member', orgStatus: 'deactivated' })).toEqual(['reactivate']);
    expect(memberActions({ orgRole: 'member', orgStatus: 'archived' })).toEqual([]);
  });
  it('offers nothing on admin rows', () => {
    for (const orgStatus of ['invited', 'active', 'deactivated', 'archived'] as const) {
      expect(memberActions({ orgRole: 'admin', orgStatus })).toEqual([]);
    }
  });
});

describe('isAllowedStatusChange', () => {
  it('allows only active → deactivated and deactivated → active', () => {
    expect(isAllowedStatusChange('active', 'deactivated')).toBe(true);
    expect(isAllowedStatusChange('deactivated', 'active')).toBe(true);
    expect(isAllowedStatusChange('invited', 'active')).toBe(false);
    expect(isAllowedStatusChange('archived', 'active')).toBe(false);
    expect(isAllowedStatusChange('active', 'archived')).toBe(false);
    expect(isAllowedStatusChange('active', 'active')).toBe(false);
  });
});
